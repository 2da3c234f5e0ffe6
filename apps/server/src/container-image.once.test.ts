import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INSTRUCTION_DOCUMENT_IDS, instructionPdfFile, LANGUAGES } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from './config/config.js';
import {
  dockerignorePatterns,
  isIgnored,
  parseCopy,
  parseDockerfile,
  parseEnv,
  parseExecForm,
  type Instruction,
  type Stage,
} from './test/dockerfile.js';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const repo = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
const rootManifest = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };

const stages = parseDockerfile(read('Dockerfile'));
const build = stages[0]!;
const runtime = stages.at(-1)!;
const ignored = dockerignorePatterns(read('.dockerignore'));

const all = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);
const workdirOf = (stage: Stage): string => all(stage, 'WORKDIR').at(-1)?.args ?? '/';
const copiesOf = (stage: Stage) => all(stage, 'COPY').map((instruction) => parseCopy(instruction.args));
/** Where a COPY puts things, relative to the stage's WORKDIR (the repository's layout). */
const destinationOf = (stage: Stage, destination: string) =>
  path.posix.relative(workdirOf(stage), path.posix.resolve(workdirOf(stage), destination)) || '.';
/** The paths a stage's COPYs fill, relative to its WORKDIR: a file copied into a folder fills only itself. */
const copiedPaths = (stage: Stage): string[] =>
  copiesOf(stage).flatMap((copy) =>
    copy.destination.endsWith('/') || copy.sources.length > 1
      ? copy.sources.map((source) =>
          destinationOf(stage, path.posix.join(copy.destination, path.posix.basename(source))),
        )
      : [destinationOf(stage, copy.destination)],
  );
/** Whether `file` (relative) lies in `folder` (relative). */
const inside = (folder: string, file: string) => file === folder || file.startsWith(`${folder}/`);
const runtimeEnv = Object.assign({}, ...all(runtime, 'ENV').map((instruction) => parseEnv(instruction.args))) as Record<
  string,
  string
>;
const cmd = parseExecForm(all(runtime, 'CMD').at(-1)?.args ?? 'null');
const healthcheck = parseExecForm(
  (all(runtime, 'HEALTHCHECK').at(-1)?.args ?? '').replace(/^(--\S+\s+)*CMD\s+/, '') || 'null',
);

/** The server's source files whose code runs in the image (tests and the harness do not). */
const serverSources = (): string[] =>
  readdirSync(path.join(repo, 'apps/server/src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test'))
    .map((file) => path.posix.join('apps/server/src', file.split(path.sep).join('/')));

/**
 * Files the built server reads beside its code: every `new URL('…', import.meta.url)` in its
 * sources, resolved from where tsc puts the compiled file (src/x.ts → dist/x.js).
 */
const filesReadAtRuntime = (): string[] =>
  serverSources().flatMap((source) =>
    [...read(source).matchAll(/new URL\(\s*'([^']+)'\s*,\s*import\.meta\.url\s*\)/g)].map(([, relative]) =>
      path.posix.join(path.posix.dirname(source.replace(/^apps\/server\/src\//, 'apps/server/dist/')), relative!),
    ),
  );

/** The instruction PDFs `npm run build` writes into the web app (ADR 0039). */
const INSTRUCTION_PDFS = INSTRUCTION_DOCUMENT_IDS.flatMap((id) =>
  LANGUAGES.map((language) => `static/instructions/${instructionPdfFile(id, language)}`),
);

/** The script file an npm script runs (`node scripts/build.mjs`), if it runs one. */
const scriptFileOf = (script: string) =>
  /^(?:\w+=\S+ )*node (?:--\S+ )*(\S+\.m?js)\b/.exec(rootManifest.scripts[script]!)?.[1];
/** The flags a script gives node before its file (`node --max-old-space-size=512 …`). */
const scriptNodeFlagsOf = (script: string) =>
  (/^(?:\w+=\S+ )*node ((?:--\S+ )*)/.exec(rootManifest.scripts[script]!)?.[1] ?? '').split(' ').filter(Boolean);
/** The variables a script sets before its node (`MALLOC_ARENA_MAX=2 node …`). */
const scriptEnvOf = (script: string): Record<string, string> =>
  Object.fromEntries(
    [...(/^((?:\w+=\S+ )*)node /.exec(rootManifest.scripts[script]!)?.[1] ?? '').matchAll(/(\w+)=(\S+)/g)].map(
      ([, name, value]) => [name!, value!],
    ),
  );
/** A script file and the repository's scripts it imports or runs (`./lib/x.mjs`, `'scripts/x.mjs'`), transitively. */
const scriptFilesFrom = (file: string, seen = new Set<string>()): string[] => {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = read(file);
  const imported = [...text.matchAll(/from '(\.{1,2}\/[^']+\.mjs)'/g)].map(([, relative]) =>
    path.posix.join(path.posix.dirname(file), relative!),
  );
  const run = [...text.matchAll(/'(scripts\/[\w/-]+\.mjs)'/g)].map(([, script]) => script!);
  return [file, ...[...imported, ...run].flatMap((next) => scriptFilesFrom(next, seen))];
};
const buildScriptFile = scriptFileOf('build');
const buildScriptFiles = buildScriptFile ? scriptFilesFrom(buildScriptFile) : [];
const buildText = buildScriptFile ? buildScriptFiles.map(read).join('\n') : rootManifest.scripts.build!;
/** The workspaces' folders and the ones `npm run build` builds (its `-w @nubes/x` parts). */
const workspaces = rootManifest.workspaces;
const builtWorkspaces = workspaces.filter((folder) => {
  const name = (JSON.parse(read(`${folder}/package.json`)) as { name: string }).name;
  return buildText.includes(`-w ${name}`) || buildText.includes(`'-w', '${name}'`);
});

// Reads files (and replays the runtime stage once): one project is enough.
describe('the container image (Dockerfile)', () => {
  it('builds and runs on Node 24 LTS slim, in two stages (docs/adr/0081-node-24-runtime-and-dependency-hygiene.md)', () => {
    expect(stages.length).toBe(2);
    for (const stage of stages) expect(stage.image).toMatch(/^node:24(\.\d+){0,2}-slim$/);
    expect(build.name).toBeTruthy();
  });

  it("runs the server's bundle: one CommonJS file in ASCII, read as one-byte text (docs/adr/0075-no-v8-internals-tuning.md)", () => {
    expect(cmd.at(-1)).toBe('apps/server/dist/bundle/main.js');
    const bundle = readFileSync(path.join(repo, 'apps/server/dist/bundle/server.cjs'));
    expect(bundle.findIndex((byte) => byte > 0x7f)).toBe(-1);
  });

  it('runs as an unprivileged user, in production', () => {
    const user = all(runtime, 'USER').at(-1)?.args.split(':')[0];
    expect(user).toBeTruthy();
    expect(['root', '0']).not.toContain(user);
    const order = runtime.instructions.map((instruction) => instruction.keyword);
    expect(order.lastIndexOf('USER')).toBeLessThan(order.indexOf('CMD'));
    expect(runtimeEnv.NODE_ENV).toBe('production');
  });

  it('copies from the build context only what exists there and .dockerignore lets in', () => {
    for (const stage of stages)
      for (const copy of copiesOf(stage).filter((c) => c.from === undefined))
        for (const source of copy.sources) {
          expect(existsSync(path.join(repo, source)), `COPY ${source}: not in the repository`).toBe(true);
          expect(isIgnored(ignored, source), `COPY ${source}: left out by .dockerignore`).toBe(false);
        }
    // What the build must never see: local installs, builds and the filled-in secrets.
    for (const file of [
      'node_modules/x',
      'apps/server/node_modules/x',
      'apps/web/dist/index.html',
      'deploy/portal.env',
    ])
      expect(isIgnored(ignored, file), file).toBe(true);
  });

  it('installs with every workspace manifest and the lock file, in both stages', () => {
    for (const stage of stages) {
      const copied = copiesOf(stage)
        .filter((copy) => copy.from === undefined)
        .flatMap((copy) => copy.sources);
      const install = stage.instructions.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
      expect(install, 'RUN npm ci').toBeGreaterThan(0);
      const before = copiesOf({ ...stage, instructions: stage.instructions.slice(0, install) })
        .filter((copy) => copy.from === undefined)
        .flatMap((copy) => copy.sources);
      for (const manifest of [
        'package.json',
        'package-lock.json',
        '.npmrc',
        ...workspaces.map((w) => `${w}/package.json`),
      ])
        expect(before, `${manifest} before npm ci`).toContain(manifest);
      expect(copied).not.toContain('node_modules');
    }
    expect(
      all(runtime, 'RUN')
        .map((i) => i.args)
        .join(' '),
    ).toMatch(/npm ci --omit=dev --workspace=@nubes\/server/);
  });

  it('builds every workspace that npm run build builds, from its sources', () => {
    const run = build.instructions.findIndex((i) => i.keyword === 'RUN' && i.args === 'npm run build');
    expect(run, 'RUN npm run build').toBeGreaterThan(0);
    const sources = copiesOf({ ...build, instructions: build.instructions.slice(0, run) }).flatMap((copy) =>
      copy.sources.length === 1 && !copy.destination.endsWith('/')
        ? [destinationOf(build, copy.destination)]
        : copy.sources,
    );
    expect(builtWorkspaces.length).toBeGreaterThan(2);
    for (const folder of builtWorkspaces) expect(sources, `COPY ${folder} before npm run build`).toContain(folder);
    expect(sources).toContain('tsconfig.base.json');
    expect(buildScriptFiles.length).toBeGreaterThan(1);
    for (const file of buildScriptFiles)
      expect(
        sources.some((source) => inside(source, file)),
        `COPY ${file} before npm run build`,
      ).toBe(true);
  });

  it('copies from the build stage only what the build stage has, and everything the server reads', () => {
    const buildFolders = copiedPaths(build);
    const fromBuild = copiesOf(runtime).filter((copy) => copy.from !== undefined);
    for (const copy of fromBuild) {
      expect(copy.from).toBe(build.name);
      for (const source of copy.sources) {
        const relative = path.posix.relative(workdirOf(build), source);
        expect(relative.startsWith('..'), `${source} outside the build stage's ${workdirOf(build)}`).toBe(false);
        expect(
          buildFolders.some((folder) => inside(folder, relative)),
          `${source}: never copied into the build`,
        ).toBe(true);
        expect(existsSync(path.join(repo, relative)), `${relative} missing: run npm run build first`).toBe(true);
      }
    }
    const runtimeFolders = copiedPaths(runtime);
    const needed = [
      ...filesReadAtRuntime(),
      ...INSTRUCTION_PDFS.map((file) => `apps/web/dist/${file}`),
      // @nubes/domain resolves to its package.json's exports.
      'packages/domain/dist/index.js',
    ];
    expect(needed).toEqual(expect.arrayContaining(['apps/server/drizzle', 'apps/web/dist']));
    for (const file of needed)
      expect(
        runtimeFolders.some((folder) => inside(folder, file)),
        `${file} is read at runtime but not copied into the runtime stage`,
      ).toBe(true);
  });

  it('runs what npm run build produces and npm start runs', () => {
    expect(cmd[0]).toBe('node');
    const file = cmd.at(-1)!;
    expect(buildText, `${file} is one of the build's outputs`).toContain(`output: '${file}'`);
    // npm start runs a script that brings the build up to date and then imports the same file.
    const startScript = scriptFileOf('start');
    expect(startScript, 'npm start runs a script file').toBeTruthy();
    const imported = [...read(startScript!).matchAll(/import\('([^']+)'\)/g)].map(([, relative]) =>
      path.posix.join(path.posix.dirname(startScript!), relative!),
    );
    expect(imported).toContain(file);
    expect(copiedPaths(runtime).some((folder) => inside(folder, file))).toBe(true);
  });

  it("sets glibc's malloc as npm start does", () => {
    const malloc = Object.entries(scriptEnvOf('start')).filter(([name]) => name.startsWith('MALLOC_'));
    expect(malloc.map(([name]) => name)).toContain('MALLOC_ARENA_MAX');
    for (const [name, value] of malloc) expect(runtimeEnv[name], name).toBe(value);
  });

  it('gives node the flags npm start gives it (docs/adr/0133-old-generation-size.md)', () => {
    const flags = scriptNodeFlagsOf('start');
    expect(flags).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
    expect(cmd.slice(1, -1)).toEqual(flags);
  });

  it('checks health with node on the port it exposes, without curl', () => {
    expect(healthcheck[0]).toBe('node');
    expect(healthcheck.join(' ')).toContain('/api/health');
    expect(all(runtime, 'EXPOSE').map((i) => i.args)).toEqual([runtimeEnv.PORT]);
  });
});

/** A production environment with nothing to refuse (the image's server must start with it). */
const PRODUCTION_ENV = {
  PUBLIC_URL: 'https://portal.example.org',
  JWT_SECRET: 'container-image-test-secret-of-more-than-32-bytes',
  OIDC_ISSUER: 'https://aai.example.org/oidc',
  OIDC_CLIENT_ID: 'nubes-portal',
  OIDC_CLIENT_SECRET: 'container-image-test-client-secret',
  ADMIN_PASSWORD: 'container-image-test-admin-password',
  TRUST_PROXY: 'loopback',
  HOST: '127.0.0.1',
};

/**
 * The runtime stage's steps, done for real in a temp directory laid out as the image is: its
 * COPYs (from the repository, whose build is the build stage's), its `npm ci` and its ENV; then
 * its CMD and HEALTHCHECK. What the built server needs and the stage forgets fails here.
 */
const replayRuntimeStage = (root: string): Record<string, string> => {
  const buildRoot = workdirOf(build);
  let env: Record<string, string> = {};
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'COPY') {
      const copy = parseCopy(args);
      const target = path.join(root, destinationOf(runtime, copy.destination));
      for (const source of copy.sources) {
        const from = path.join(repo, copy.from === undefined ? source : path.posix.relative(buildRoot, source));
        const intoFolder = copy.destination.endsWith('/') || copy.sources.length > 1;
        if (statSync(from).isDirectory()) cpSync(from, target, { recursive: true });
        else {
          mkdirSync(intoFolder ? target : path.dirname(target), { recursive: true });
          cpSync(from, intoFolder ? path.join(target, path.basename(from)) : target);
        }
      }
    } else if (keyword === 'RUN') {
      for (const command of args.split('&&').map((part) => part.trim())) {
        // Never on this machine: it would empty the npm cache every other install here uses.
        if (command.startsWith('npm cache clean')) continue;
        if (!command.startsWith('npm ci ')) throw new Error(`RUN ${command}: this test does not know how to replay it`);
        // From the cache, and without the audit: its call to the registry was half the install's
        // time here, and it changes nothing that is installed.
        const result = spawnSync('npm', [...command.split(/\s+/).slice(1), '--prefer-offline', '--no-audit'], {
          cwd: root,
          encoding: 'utf8',
          timeout: 240_000,
        });
        if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
      }
    } else if (keyword === 'ENV') {
      env = { ...env, ...parseEnv(args) };
    } else if (!['WORKDIR', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD'].includes(keyword)) {
      throw new Error(`${keyword}: this test does not know how to replay it`);
    }
  }
  return env;
};

describe("the runtime stage's steps, done for real", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'nubes-image-'));
  let port = 0;
  let server: ReturnType<typeof spawn> | undefined;
  let output = '';
  let env: Record<string, string> = {};
  const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

  beforeAll(async () => {
    const imageEnv = replayRuntimeStage(root);
    port = await freePort();
    // The image's absolute data directory, inside the temp directory here.
    env = {
      PATH: process.env.PATH ?? '',
      ...imageEnv,
      DATA_DIR: path.join(root, imageEnv.DATA_DIR ?? 'data'),
      ...PRODUCTION_ENV,
      PORT: String(port),
    };
    server = spawn(process.execPath, cmd.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; attempt < 600; attempt++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
      const ok = await fetch(url('/api/health')).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not become healthy:\n${output}`);
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it("installs the server's production dependencies only", () => {
    const installed = (name: string) => existsSync(path.join(root, 'node_modules', name, 'package.json'));
    for (const name of ['fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm'])
      expect(installed(name), name).toBe(true);
    // Build tools, the web app's libraries and the test tools stay in the build stage.
    for (const name of ['typescript', 'vite', 'vitest', 'pdfkit', 'drizzle-kit', 'react', '@mantine/core'])
      expect(installed(name), name).toBe(false);
  });

  it('starts in production and serves the API, the web app and the instruction PDFs', async () => {
    expect(output).toContain('is running at https://portal.example.org');
    const home = await fetch(url('/'));
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect((await fetch(url('/api/openapi.json'))).status).toBe(200);
    // The bundle finds the API docs' page and assets in the image's node_modules (scripts/bundle-server.mjs).
    const docs = await fetch(url('/api/docs/'));
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
    const asset = await fetch(url('/api/docs/static/swagger-ui.css'));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/css');
    for (const file of INSTRUCTION_PDFS) {
      const pdf = await fetch(url(`/${file}`));
      expect(pdf.status, file).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
  });

  it("answers the image's HEALTHCHECK", () => {
    const result = spawnSync(process.execPath, healthcheck.slice(1), { env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status, result.stderr).toBe(0);
  });
});

describe('the compose file and the example environment', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
  };
  const { postgres, portal } = compose.services;
  const example = Object.fromEntries(
    read('deploy/portal.env.example')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  /** What compose hands the portal: the file, and DATABASE_URL with ${POSTGRES_PASSWORD} filled in. */
  const portalEnv = (values: Record<string, string>) => ({
    ...values,
    ...Object.fromEntries(
      Object.entries(portal!.environment as Record<string, string>).map(([name, value]) => [
        name,
        value.replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_, variable: string) => values[variable] ?? ''),
      ]),
    ),
  });

  it('runs PostgreSQL 15 with a health check, and the portal built from this Dockerfile after it', () => {
    expect(postgres!.image).toMatch(/^postgres:15(\.|$)/);
    expect(postgres!.healthcheck).toBeTruthy();
    expect(portal!.build).toBe('.');
    expect(portal!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const ports = (portal!.ports as string[]).map((mapping) => mapping.split(':').at(-1));
    expect(ports).toEqual(all(runtime, 'EXPOSE').map((i) => i.args));
  });

  it('reads its environment from a file the repository has an example of, and never commits', () => {
    expect(portal!.env_file).toBe('deploy/portal.env');
    expect(read('.gitignore').split('\n')).toContain('deploy/portal.env');
    expect(isIgnored(ignored, 'deploy/portal.env')).toBe(true);
  });

  it('the example is refused in production only for its placeholders, and starts once they are filled in', () => {
    let problems: readonly string[] = [];
    try {
      loadConfig(portalEnv(example));
    } catch (error) {
      problems = (error as { problems: readonly string[] }).problems;
    }
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toContain('placeholder');
    const filled = Object.fromEntries(
      Object.entries(example).map(([name, value]) => [name, value.replace(/replace-me/g, 'f1lled-1n-by-the-operator')]),
    );
    const config = loadConfig(portalEnv(filled));
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/nubes:f1lled.*@postgres:5432\/nubes$/);
    expect(config.mail.smtpUrl).toBeTruthy();
  });
});
