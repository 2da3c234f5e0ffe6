export declare class SsoBrowser {
  constructor(baseUrl: string);
  request(url: string | URL, init?: RequestInit): Promise<Response>;
  signIn(nextUrl: string, username: string, password: string): Promise<URL>;
}

export declare const ssoLogin: (baseUrl: string, username: string, password?: string) => Promise<string>;
