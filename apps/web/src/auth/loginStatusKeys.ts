/** The query keys of the login status, per person: an answer about one never fills another's session. */
export const loginStatusKeys = {
  all: ['loginStatus'] as const,
  of: (username: string) => ['loginStatus', username] as const,
};
