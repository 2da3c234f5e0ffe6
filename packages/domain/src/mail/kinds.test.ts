import { describe, expect, it } from 'vitest';
import { WORKFLOW_ACTIONS } from '../services/workflow.js';
import { de } from '../i18n/de.js';
import { en } from '../i18n/en.js';
import { MAIL_KINDS, MAIL_RECIPIENTS, mailManagerRoles } from './kinds.js';
import { renderMail } from './render.js';

describe('who gets which mail', () => {
  it('has one row per kind, every service kind but a submitted resource package and a downtime to the provider side', () => {
    expect(Object.keys(MAIL_RECIPIENTS).sort()).toEqual([...MAIL_KINDS].sort());
    // A downtime's mails go to its subscribers alone, whom the command names.
    const notAboutAService = [
      'resourcePackageSubmitted',
      'voStep',
      'accessRequested',
      'handedOver',
      'downtimeAnnounced',
      'downtimeStarted',
    ];
    for (const kind of MAIL_KINDS)
      expect(MAIL_RECIPIENTS[kind].providerSide, kind).toBe(!notAboutAService.includes(kind));
    expect(mailManagerRoles('accessRequested')).toEqual(['portalManager']);
    expect(mailManagerRoles('resourcePackageSubmitted')).toEqual(['resourcePackageManager']);
    expect(mailManagerRoles('resourcePackageDecided')).toEqual([]);
  });

  it('names the managers whose work is next after each workflow step', () => {
    for (const action of WORKFLOW_ACTIONS) expect(Array.isArray(mailManagerRoles('workflowStep', action))).toBe(true);
    expect(mailManagerRoles('workflowStep', 'completeApplication')).toEqual(['servicePortfolioManager']);
    expect(mailManagerRoles('workflowStep', 'readyForIntegration')).toEqual(['serviceIntegrationManager']);
    expect(mailManagerRoles('workflowStep', 'integrationCompleted')).toEqual(['servicePortfolioManager']);
    expect(mailManagerRoles('workflowStep', 'online')).toEqual([]);
    expect(mailManagerRoles('changeRequestHandedIn')).toEqual(['servicePortfolioManager']);
  });

  it('has a subject, a body and a settings label in both languages for every kind', () => {
    for (const kind of MAIL_KINDS) {
      for (const catalogue of [en, de]) {
        expect(catalogue.mail.subjects[kind]).toBeTruthy();
        expect(catalogue.mail.bodies[kind]).toBeTruthy();
        expect(catalogue.mail.kinds[kind]).toBeTruthy();
      }
    }
  });
});

describe('renderMail', () => {
  const content = {
    kind: 'workflowStep',
    productName: 'Nubes',
    serviceName: 'Storage',
    serviceNumber: 'SVC-00001',
    actorName: 'Alice',
    action: 'completeApplication',
    state: 'application_received',
    link: 'https://portal.example/sc/service/1',
    settingsLink: 'https://portal.example/profile/mail-settings',
  } as const;

  it('writes subject and body in the recipient language with the links', () => {
    const english = renderMail('en', content);
    expect(english.subject).toBe('[Nubes] Storage: Application Received');
    expect(english.text).toContain('Alice took the step "Complete application"');
    expect(english.text).toContain('https://portal.example/sc/service/1');
    expect(english.text).toContain('https://portal.example/profile/mail-settings');
    const german = renderMail('de', content);
    expect(german.text).toContain('Service öffnen: https://portal.example/sc/service/1');
    expect(german.subject).not.toBe(english.subject);
  });

  it('names the package and the decision, and leads a reviewer to the review list', () => {
    const rejected = renderMail('de', {
      ...content,
      kind: 'resourcePackageDecided',
      packageName: 'GPU small',
      decision: 'rejected',
      comment: 'Quota too high',
    });
    expect(rejected.subject).toBe('[Nubes] Storage: Ressourcenpaket „GPU small“ abgelehnt');
    expect(rejected.text).toContain('> Quota too high');
    expect(rejected.text).toContain('Service öffnen');
    const submitted = renderMail('en', { ...content, kind: 'resourcePackageSubmitted', packageName: 'GPU small' });
    expect(submitted.text).toContain('Alice submitted the resource package "GPU small"');
    expect(submitted.text).toContain('Open the resource package review list: https://portal.example/sc/service/1');
  });

  it('quotes a comment line by line', () => {
    const mail = renderMail('en', { ...content, kind: 'commentAdded', comment: 'first\nsecond' });
    expect(mail.text).toContain('> first\n> second');
    expect(mail.subject).toBe('[Nubes] Storage: new comment');
  });
});

describe('a VO step’s mail', () => {
  it('names the VO, the step and its state in the recipient’s language, with the entitlement once available', () => {
    const base = {
      kind: 'voStep',
      productName: 'Nubes',
      serviceName: 'climate-lab',
      serviceNumber: '',
      actorName: 'Sven',
      link: 'https://portal.example/vo/virtual-organisation/1',
      settingsLink: 'https://portal.example/profile/mail-settings',
    } as const;
    const sent = renderMail('en', { ...base, voAction: 'send', voState: 'application_received' });
    expect(sent.subject).toBe('[Nubes] VO climate-lab: Application Received');
    expect(sent.text).toContain('Sven took the step "Send" on the VO application climate-lab.');
    expect(sent.text).toContain('Open the VO: https://portal.example/vo/virtual-organisation/1');
    const available = renderMail('de', {
      ...base,
      voAction: 'makeAvailable',
      voState: 'vo_available',
      entitlement: 'urn:geant:x:group:climate-lab#y',
    });
    expect(available.subject).toBe('[Nubes] VO climate-lab: VO verfügbar');
    expect(available.text).toContain('Entitlement in der AAI: urn:geant:x:group:climate-lab#y');
    const back = renderMail('en', {
      ...base,
      voAction: 'backToDraft',
      voState: 'application_draft',
      comment: 'Fix it',
    });
    expect(back.text).toContain('> Fix it');
  });
});
