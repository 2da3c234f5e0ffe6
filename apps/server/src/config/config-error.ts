/**
 * Every setting wrong at start, named and said what to do: an operator fixes them in one go
 * instead of one restart per problem. Never repeats a value that may hold a secret.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(
      list.length === 1
        ? list[0]!
        : `${list.length} settings need attention:\n${list.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.problems = list;
  }
}
