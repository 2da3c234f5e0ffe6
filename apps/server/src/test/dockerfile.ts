/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  /** The rest of the line, flags included. */
  args: string;
}

export interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** The stages of a Dockerfile: what the container image checks (container-image.once.test.ts) read. */
export const parseDockerfile = (text: string): Stage[] => {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`"${line}" comes before the first FROM`);
    stage.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
};

export interface Copy {
  /** The stage copied from, or undefined for the build context. */
  from: string | undefined;
  sources: string[];
  destination: string;
}

export const parseCopy = (args: string): Copy => {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
  }
  const destination = words.pop();
  if (!destination || words.length === 0) throw new Error(`COPY ${args}: needs a source and a destination`);
  return { from, sources: words, destination };
};

/** ENV's `NAME=value` pairs (values without spaces or quotes, as the Dockerfile writes them). */
export const parseEnv = (args: string): Record<string, string> =>
  Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`ENV ${args}: write NAME=value pairs`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );

/** The exec form `["node", "file.js"]` of CMD or HEALTHCHECK's CMD. */
export const parseExecForm = (args: string): string[] => {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string'))
    throw new Error(`${args}: not the exec form`);
  return parsed;
};

/** Whether a .dockerignore pattern list leaves a path (relative, with /) out of the build context. */
export const isIgnored = (patterns: readonly string[], file: string): boolean => {
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = negated ? raw.slice(1) : raw;
    const source = pattern
      .split('/')
      .map((part) => (part === '**' ? '.*' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
      .join('/')
      .replace(/^\.\*\//, '(?:.*/)?');
    // A pattern that names a folder leaves out everything in it.
    if (new RegExp(`^${source}(?:/.*)?$`).test(file)) ignored = !negated;
  }
  return ignored;
};

export const dockerignorePatterns = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
