/** The body of a new contact as the contact form sends it: a person with no addresses or notes. */
export const contactBody = (over: Record<string, unknown> = {}) => ({
  firstname: 'Jürgen',
  lastname: 'Müller',
  email: 'j.mueller@hpc-north.example',
  emailNotPersonal: false,
  institutionId: null,
  otherInstitution: '',
  notes: '',
  addresses: [],
  ...over,
});
