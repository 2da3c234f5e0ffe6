import { violationField, violationMessage } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { OPENSTACK_SCHEMA } from '../../../test/resourcePackages';
import { checkPolicy } from './policyCheck';

const schema = OPENSTACK_SCHEMA as unknown as Record<string, unknown>;

describe('checkPolicy', () => {
  it('accepts a policy that meets the schema', () => {
    expect(
      checkPolicy(schema, { flavors: [{ name: 'a', vcpus: 2, ram_gb: 1.5 }], network: { access: 'private' } }),
    ).toEqual([]);
  });

  it('reports each place in Ajv’s shape, so the domain words and places it', () => {
    const found = checkPolicy(schema, {
      flavors: [{ name: 'a', vcpus: 100 }, { vcpus: 1.5 }],
      network: { access: 'x' },
    });
    expect(found.map((violation) => [violationField(violation), violationMessage(violation).key])).toEqual([
      ['policy/flavors/0/vcpus', 'resourcePolicy.violations.maximum'],
      ['policy/flavors/1/name', 'resourcePolicy.violations.required'],
      ['policy/flavors/1/vcpus', 'resourcePolicy.violations.typeInteger'],
      ['policy/network/access', 'resourcePolicy.violations.enum'],
    ]);
  });

  it('names missing parts, too short lists and unknown fields where closed', () => {
    expect(checkPolicy(schema, { flavors: [] }).map(violationField)).toEqual(['policy/network', 'policy/flavors']);
    expect(
      checkPolicy({ type: 'object', additionalProperties: false, properties: {} }, { 'a/b': 1 }).map(violationField),
    ).toEqual(['policy/a~1b']);
  });
});
