export declare const chromiumPath: (env?: NodeJS.ProcessEnv) => string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare const chromiumLaunchOptions: (env?: NodeJS.ProcessEnv) => { executablePath: string; args: string[] };
