export const auditLogKeys = {
  /** One page of the log by its API path. */
  list: (path: string) => ['audit-log', path] as const,
};
