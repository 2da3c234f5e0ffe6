/** Longest stored file name (ADR 0009); longer ones are cut before the extension. */
export const MAX_FILENAME_LENGTH = 200;

/**
 * C0 and C1 control characters, and the bidirectional overrides that make "report‮fdp.exe" look
 * like "reportexe.pdf" in a list.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The extension without its dot, lower case; '' when there is none. */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
};

/**
 * A client's file name made safe to store and show: no directories (either slash), no control or
 * direction characters, trimmed, NFC, at most 200 characters with the extension kept. '' when
 * nothing usable remains; the caller picks a default then.
 */
export const sanitizeFilename = (raw: string | undefined): string => {
  if (!raw) return '';
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  // "." and ".." are directory names, not files.
  if (/^\.+$/.test(name)) return '';
  const characters = [...name];
  if (characters.length > MAX_FILENAME_LENGTH) {
    const extension = extensionOf(name);
    const keep = extension && extension.length < 20 ? `.${extension}` : '';
    name =
      characters
        .slice(0, MAX_FILENAME_LENGTH - [...keep].length)
        .join('')
        .trimEnd() + keep;
  }
  return name;
};

/** RFC 5987 / RFC 8187 ext-value: UTF-8, percent-encoded beyond the attr-char set. */
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` with an ASCII fallback for old clients and the exact name in
 * `filename*` (RFC 6266). Quotes, backslashes and non-ASCII never reach the quoted form.
 */
export const attachmentDisposition = (filename: string): string => {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
};
