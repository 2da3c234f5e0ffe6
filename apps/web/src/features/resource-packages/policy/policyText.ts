/** The policy as the person writes it (JSON text) and as the generated form holds it (a value). */

export type ParsedPolicy = { ok: true; value: unknown } | { ok: false };

export const parsePolicy = (text: string): ParsedPolicy => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/** How the form writes the policy back into the text: two spaces, as the JSON view shows it best. */
export const policyText = (value: unknown): string => JSON.stringify(value ?? {}, null, 2);

/** One server message about a place in the policy. */
export interface PolicyFieldError {
  /** JSON Pointer of the place. */
  pointer: string;
  message: string;
}

const POLICY_FIELD = 'policy';

/**
 * The server's field messages about places in the policy (`policy/<JSON pointer>`, see
 * packages/domain/src/resource-packages/policy-errors.ts), in the order it sent them. The message
 * under `policy` itself is about the whole text (it does not parse) and belongs to the form layer.
 */
export const policyFieldErrors = (fields: Readonly<Record<string, string>> | undefined): PolicyFieldError[] =>
  Object.entries(fields ?? {})
    .filter(([key]) => key.startsWith(`${POLICY_FIELD}/`))
    .map(([key, message]) => ({ pointer: key.slice(POLICY_FIELD.length), message }));

const unescapeSegment = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** A tree of messages in the shape the generated form takes them (rjsf's ErrorSchema: `__errors` per place). */
export interface PolicyErrorTree {
  __errors?: string[];
  [segment: string]: PolicyErrorTree | string[] | undefined;
}

/** The messages as a tree beside the values they are about, so each shows at its own field. */
export const policyErrorTree = (errors: readonly PolicyFieldError[]): PolicyErrorTree => {
  const root: PolicyErrorTree = {};
  for (const { pointer, message } of errors) {
    let node = root;
    for (const segment of pointer.split('/').slice(1).map(unescapeSegment)) {
      const child = node[segment];
      node = typeof child === 'object' && !Array.isArray(child) ? child : (node[segment] = {});
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root;
};
