/**
 * Requests per API token in fixed windows, in this process's memory (docs/adr/0113-personal-api-tokens.md):
 * behind several instances a token gets the limit once per instance, which still stops a runaway
 * script; the people's sessions are never counted.
 */
export interface TokenRateLimit {
  /** Counts one request; answers the seconds to wait when the window is used up, else 0. */
  take(tokenId: string): number;
}

export const createTokenRateLimit = (
  options: { requests: number; windowSeconds: number },
  now: () => number = Date.now,
  maxEntries = 10_000,
): TokenRateLimit => {
  const windowMs = options.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(tokenId) {
      const at = now();
      let window = windows.get(tokenId);
      if (!window || at - window.start >= windowMs) {
        windows.delete(tokenId);
        window = { start: at, count: 0 };
        windows.set(tokenId, window);
        // Bounded: the oldest window goes first (a token seen long ago starts afresh anyway).
        if (windows.size > maxEntries) windows.delete(windows.keys().next().value!);
      }
      window.count += 1;
      if (window.count <= options.requests) return 0;
      return Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
    },
  };
};
