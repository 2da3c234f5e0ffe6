import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { HPC_SCHEMA, OPENSTACK_SCHEMA, POLICY } from '../../../test/resourcePackages';
import { PolicyEditor, type PolicyEditorProps } from './PolicyEditor';

const schema = OPENSTACK_SCHEMA as unknown as Record<string, unknown>;

const seen: { text: string } = { text: '' };

const Harness = ({ initial, ...props }: Omit<PolicyEditorProps, 'value' | 'onChange'> & { initial: string }) => {
  const [text, setText] = useState(initial);
  useEffect(() => {
    seen.text = text;
  }, [text]);
  return <PolicyEditor {...props} value={text} onChange={setText} />;
};

vi.mock('../../../components/json-editor', async () => ({
  JsonEditor: (await import('../../../test/fakeJsonEditor')).FakeJsonEditor,
}));

const renderEditor = (props: Omit<PolicyEditorProps, 'value' | 'onChange'> & { initial: string }) =>
  renderWithProviders(<Harness {...props} />);

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

describe('PolicyEditor', () => {
  it('shows the policy in a form built from the schema: titles as labels, required marked, enums as selects', async () => {
    renderEditor({ initial: JSON.stringify(POLICY), schema });
    const vcpus = await screen.findByRole('textbox', { name: /^vCPUs/ });
    expect(vcpus).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: /Flavor name/ })).toHaveValue('m1.small');
    expect(screen.getAllByLabelText(/Access/)[0]).toHaveValue('private');
    expect(screen.getByText('Flavors')).toBeInTheDocument();
  });

  it('writes a form edit into the JSON text', async () => {
    renderEditor({ initial: JSON.stringify(POLICY), schema });
    const name = await screen.findByRole('textbox', { name: /Flavor name/ });
    fireEvent.change(name, { target: { value: 'm1.large' } });
    await waitFor(() => expect(JSON.parse(seen.text)).toMatchObject({ flavors: [{ name: 'm1.large', vcpus: 2 }] }));
    expect(seen.text).toContain('\n  "flavors"');
  });

  it('shows a JSON edit in the form', async () => {
    renderEditor({ initial: JSON.stringify(POLICY), schema });
    await screen.findByRole('textbox', { name: /^vCPUs/ });
    fireEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    const text = screen.getByRole('textbox', { name: 'Policy as JSON' });
    fireEvent.change(text, {
      target: { value: JSON.stringify({ ...POLICY, flavors: [{ name: 'gpu.xl', vcpus: 32 }] }) },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Form' }));
    expect(await screen.findByRole('textbox', { name: /^vCPUs/ })).toHaveValue('32');
    expect(screen.getByRole('textbox', { name: /Flavor name/ })).toHaveValue('gpu.xl');
  });

  it('closes the form while the JSON text does not parse, and says why', async () => {
    renderEditor({ initial: JSON.stringify(POLICY), schema });
    await screen.findByRole('textbox', { name: /^vCPUs/ });
    fireEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Policy as JSON' }), { target: { value: '{"flavors": [' } });
    expect(screen.getByRole('radio', { name: 'Form' })).toBeDisabled();
    expect(screen.getByText(/The JSON text cannot be read/)).toBeInTheDocument();
    expect(screen.getByText('Cannot save invalid JSON')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Policy as JSON' }), { target: { value: '{}' } });
    expect(screen.getByRole('radio', { name: 'Form' })).toBeEnabled();
  });

  it('puts server messages beside the generated field they name, and lists them above the JSON', async () => {
    renderEditor({
      initial: JSON.stringify(POLICY),
      schema,
      serverErrors: {
        'policy/flavors/0/vcpus': 'Must be at most 64',
        'policy/network/access': 'This field is required',
      },
    });
    const vcpus = await screen.findByRole('textbox', { name: /^vCPUs/ });
    await waitFor(() => expect(vcpus).toHaveAttribute('aria-invalid', 'true'));
    expect(vcpus).toHaveAccessibleDescription(/Must be at most 64/);
    expect(screen.getByRole('textbox', { name: /Flavor name/ })).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    expect(screen.getByText('Flavors › 1 › vCPUs')).toBeInTheDocument();
    expect(screen.getByText('Network › Access')).toBeInTheDocument();
  });

  it('checks the policy against the schema in the catalogue’s words once asked to', async () => {
    renderEditor({
      initial: JSON.stringify({ flavors: [{ name: 'x', vcpus: 100 }], network: {} }),
      schema,
      showValidation: true,
    });
    const vcpus = await screen.findByRole('textbox', { name: /^vCPUs/ });
    await waitFor(() => expect(vcpus).toHaveAccessibleDescription(/Must be at most 64/));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
  });

  it('speaks German in the form’s own strings', async () => {
    await changeLanguage('de');
    try {
      renderEditor({ initial: JSON.stringify(POLICY), schema });
      expect(await screen.findByTitle('Eintrag hinzufügen')).toBeInTheDocument();
      expect(screen.getByTitle('Entfernen')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Formular' })).toBeChecked();
    } finally {
      await changeLanguage('en');
    }
  });

  it('labels the fields with the schema’s titles and units in the page’s language, else the title it has', async () => {
    await changeLanguage('de');
    try {
      renderEditor({
        initial: JSON.stringify({ partition: 'standard', max_wall_time_hours: 24, gpu: { enabled: true } }),
        schema: HPC_SCHEMA as unknown as Record<string, unknown>,
      });
      expect(await screen.findByRole('textbox', { name: /Längster Job \(Stunden\)/ })).toHaveValue('24');
      expect(screen.getByRole('checkbox', { name: 'GPUs erlaubt' })).toBeChecked();
      // No German in the schema: its English title.
      expect(screen.getByRole('textbox', { name: /GPU hours per year/ })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
