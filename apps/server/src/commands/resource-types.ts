import type { CreateResourceType, UpdateResourceType } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { pgErrorCode } from '../db/unique-violation.js';
import { conflict, invalidInput } from '../http/http-error.js';
import { checkTypeSchema, parseJsonText } from '../json-schema/policy-schemas.js';
import { resourceTypeValues } from '../model/resource-type.js';
import { countPackagesOfType, resourceTypeKeyExists, type ResourceTypeWithUse } from '../queries/resource-types.js';
import { changesOf } from '../writes/changes.js';
import type { Writes } from '../writes/pipeline.js';
import { resourceTypeRows, type ResourceTypeSet } from '../writes/row-writes.js';

const keyTaken = () => invalidInput(undefined, { key: 'resourceTypes.keyTaken' });
const inUse = () => conflict('resourceTypes.inUse');

/**
 * The schema text as the manager wrote it, parsed and checked: JSON, a JSON Schema (draft
 * 2020-12) that Ajv compiles, of an object. 400 on the `schema` field otherwise.
 */
const typeSchemaOf = (text: string): Record<string, unknown> => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw invalidInput(undefined, { schema: 'resourceTypes.invalidJson' });
  const problem = checkTypeSchema(parsed.value);
  if (problem) throw invalidInput(undefined, { schema: problem });
  return parsed.value as Record<string, unknown>;
};

/** Creates a resource type; 400 for a schema that is no JSON Schema of an object or a key in use. */
export const createResourceType = async (
  writes: Writes,
  principal: AuthUser,
  input: CreateResourceType,
): Promise<ResourceTypeWithUse> => {
  const { key, name, description, quotaUnit } = input;
  const values = { key, name, description, quotaUnit, schema: typeSchemaOf(input.schema) };
  const row = await resourceTypeRows.create(writes, principal, values, {
    check: async (tx) => {
      if (await resourceTypeKeyExists(tx, key)) throw keyTaken();
    },
    event: (created) => ({ action: 'resourceType.created', after: resourceTypeValues(created) }),
    // Two managers creating the same key at once: the unique index decides.
    duplicate: keyTaken,
  });
  return { row, packageCount: 0 };
};

/**
 * Changes a type's names, description, unit, schema or retirement (the key stays). One event
 * with old → new of what changed; nothing changed writes nothing. Existing packages keep their
 * policy; the new schema applies when a package is next saved.
 */
export const updateResourceType = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateResourceType,
): Promise<ResourceTypeWithUse> => {
  const schema = typeSchemaOf(input.schema);
  const { object, value } = await resourceTypeRows.change(writes, {
    id,
    principal,
    version: input.version,
    change: async (tx, row) => {
      const { name, description, quotaUnit, retired } = input;
      const changes = changesOf(row, { name, description, quotaUnit, schema, retired });
      const packageCount = await countPackagesOfType(tx, row.id);
      if (!changes) return { events: [], value: packageCount };
      return {
        set: changes.after as ResourceTypeSet,
        events: [{ action: 'resourceType.updated', ...changes }],
        value: packageCount,
      };
    },
  });
  return { row: object, packageCount: value };
};

/** Deletes a type no package uses; 409 ("retire it instead") while one does. */
export const deleteResourceType = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<void> => {
  try {
    await resourceTypeRows.remove(writes, principal, id, version, async (tx, row) => {
      if ((await countPackagesOfType(tx, row.id)) > 0) throw inUse();
      return { action: 'resourceType.deleted', before: resourceTypeValues(row) };
    });
  } catch (error) {
    // The foreign key refuses too (RESTRICT), should a package have slipped in past the count.
    if (pgErrorCode(error) === '23503') throw inUse();
    throw error;
  }
};
