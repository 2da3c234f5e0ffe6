/**
 * The planner's costs the portal's connections run with, on both databases. PostgreSQL's default
 * random_page_cost (4) prices a page read in index order as a seek on a spinning disk; the portal's
 * tables sit in memory or on SSDs, where that read costs about what a sequential one does. With
 * the default, a search word that matches a third of the services ("data") is answered by reading
 * every service and testing its search document (9 ms) instead of through the GIN index (3 ms)
 * (docs/adr/0073-lists-and-search-in-the-database.md).
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const;

/** The settings as server start or connection parameters: `-c name=value` pairs. */
export const plannerParams = (): string[] =>
  Object.entries(PLANNER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
