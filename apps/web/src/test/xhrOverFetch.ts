/**
 * XMLHttpRequest for unit tests, carried over the (stubbed) fetch, so a test's fake API answers
 * uploads too. It reports half of the body sent before the request goes out and all of it once
 * the answer is there, so a screen's upload progress can be seen while a fake answer waits.
 */
export class XhrOverFetch {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData | null) {
    const total = body
      ? [...body.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : value.size), 0)
      : 0;
    queueMicrotask(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(total / 2), total });
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    });
  }

  abort() {
    this.onabort?.();
  }
}
