import type { FieldDefinition, FieldGroup, FieldOption, LocalizedText } from './field-types.js';

const t = (en: string, de: string): LocalizedText => ({ en, de });
const o = (value: string, en: string, de: string): FieldOption => ({ value, label: t(en, de) });

/**
 * Every field of a service. Forms, validation, tables and the field list are derived
 * from this array: adding a field is adding one entry. Keys are stable: they are stored in the
 * database and appear in audit events and change requests.
 */
export const SERVICE_FIELDS: readonly FieldDefinition[] = [
  // general
  {
    key: 'shortDescription',
    group: 'general',
    type: 'text',
    maxLength: 300,
    requiredFrom: 'application',
    public: true,
    label: t('Short description', 'Kurzbeschreibung'),
    help: t(
      'One or two sentences that say what the service does, for the portfolio list.',
      'Ein bis zwei Sätze, was der Service leistet, für die Portfolioliste.',
    ),
  },
  {
    key: 'description',
    group: 'general',
    type: 'longText',
    requiredFrom: 'application',
    public: true,
    label: t('Description', 'Beschreibung'),
    help: t(
      'What the service offers, its main features and what makes it useful for research.',
      'Was der Service bietet, seine wichtigsten Funktionen und sein Nutzen für die Forschung.',
    ),
  },
  {
    key: 'serviceCategory',
    group: 'general',
    type: 'select',
    requiredFrom: 'application',
    public: true,
    label: t('Service category', 'Servicekategorie'),
    help: t(
      'The kind of service; it also decides the service type.',
      'Die Art des Service; sie bestimmt auch den Servicetyp.',
    ),
    options: [
      o('compute', 'Compute (virtual machines, HPC, containers)', 'Rechenleistung (VMs, HPC, Container)'),
      o('storage', 'Storage and archive', 'Speicher und Archiv'),
      o('network', 'Network', 'Netzwerk'),
      o('data_management', 'Data management and repositories', 'Datenmanagement und Repositorien'),
      o('software', 'Software and scientific applications', 'Software und wissenschaftliche Anwendungen'),
      o('collaboration', 'Collaboration and communication', 'Zusammenarbeit und Kommunikation'),
      o('consulting', 'Consulting and training', 'Beratung und Schulung'),
    ],
  },
  {
    key: 'targetGroup',
    group: 'general',
    type: 'multiSelect',
    requiredFrom: 'application',
    public: true,
    label: t('Target group', 'Zielgruppe'),
    help: t('Who the service is meant for.', 'Für wen der Service gedacht ist.'),
    options: [
      o('researchers', 'Researchers', 'Forschende'),
      o('students', 'Students', 'Studierende'),
      o('research_software_engineers', 'Research software engineers', 'Forschungssoftware-Entwickelnde'),
      o('it_staff', 'IT staff of the centres', 'IT-Personal der Zentren'),
      o('administration', 'Administration', 'Verwaltung'),
    ],
  },
  {
    key: 'keywords',
    group: 'general',
    type: 'keywords',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Keywords', 'Schlagwörter'),
    help: t(
      'Terms people search for; pick existing ones or create new ones.',
      'Suchbegriffe; vorhandene wählen oder neue anlegen.',
    ),
  },
  {
    key: 'website',
    group: 'general',
    type: 'url',
    requiredFrom: null,
    public: true,
    label: t('Website', 'Webseite'),
    help: t('The public page of the service, if it has one.', 'Die öffentliche Seite des Service, falls vorhanden.'),
  },
  // how_access
  {
    key: 'accessUrl',
    group: 'how_access',
    type: 'url',
    requiredFrom: 'serviceCard',
    public: true,
    label: t('Access URL', 'Zugangs-URL'),
    help: t('Where users reach the service.', 'Wo Nutzende den Service erreichen.'),
  },
  {
    key: 'howToGetAccess',
    group: 'how_access',
    type: 'longText',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('How to get access', 'Wie man Zugang erhält'),
    help: t(
      'The steps a user takes to start using the service (registration, VO membership, request form).',
      'Die Schritte bis zur Nutzung (Registrierung, VO-Mitgliedschaft, Antragsformular).',
    ),
  },
  {
    key: 'authentication',
    group: 'how_access',
    type: 'select',
    requiredFrom: 'serviceInformation',
    label: t('Authentication', 'Authentifizierung'),
    help: t('How users log in to the service.', 'Wie sich Nutzende beim Service anmelden.'),
    options: [
      o('federated_aai', 'Federated AAI (single sign-on)', 'Föderierte AAI (Single Sign-on)'),
      o('local_accounts', 'Local accounts', 'Lokale Konten'),
      o('none', 'No login needed', 'Keine Anmeldung nötig'),
    ],
  },
  {
    key: 'requiresVo',
    group: 'how_access',
    type: 'boolean',
    requiredFrom: 'serviceInformation',
    label: t('Access through a VO', 'Zugang über eine VO'),
    help: t(
      'Whether users need to be members of a virtual organisation to use the service.',
      'Ob Nutzende Mitglied einer virtuellen Organisation sein müssen.',
    ),
  },
  {
    key: 'registrationUrl',
    group: 'how_access',
    type: 'url',
    requiredFrom: null,
    label: t('Registration form', 'Registrierungsformular'),
    help: t('Where users request an account or resources.', 'Wo Nutzende ein Konto oder Ressourcen beantragen.'),
  },
  // limitations
  {
    key: 'limitations',
    group: 'limitations',
    type: 'longText',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Limitations', 'Einschränkungen'),
    help: t(
      'Limits of use: quotas, who may not use it, unsupported use cases.',
      'Grenzen der Nutzung: Kontingente, ausgeschlossene Gruppen, nicht unterstützte Fälle.',
    ),
  },
  {
    key: 'costs',
    group: 'limitations',
    type: 'select',
    requiredFrom: 'serviceInformation',
    label: t('Costs', 'Kosten'),
    help: t(
      'Whether using the service costs the centres anything.',
      'Ob die Nutzung für die Zentren Kosten verursacht.',
    ),
    options: [
      o('free', 'Free of charge', 'Kostenlos'),
      o('cost_recovery', 'Cost recovery', 'Kostendeckend'),
      o('paid', 'Paid', 'Kostenpflichtig'),
    ],
  },
  {
    key: 'quota',
    group: 'limitations',
    type: 'text',
    requiredFrom: null,
    label: t('Default quota', 'Standardkontingent'),
    help: t(
      'What a new user or project gets, e.g. "1 TB, 8 vCPUs".',
      'Was neue Nutzende erhalten, z. B. „1 TB, 8 vCPUs“.',
    ),
  },
  // availability_backups
  {
    key: 'availability',
    group: 'availability_backups',
    type: 'select',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Availability', 'Verfügbarkeit'),
    help: t('When the service is operated and watched.', 'Wann der Service betrieben und überwacht wird.'),
    options: [
      o('best_effort', 'Best effort', 'Nach bestem Bemühen'),
      o('business_hours', 'Business hours', 'Zu Geschäftszeiten'),
      o('24x7', '24/7', '24/7'),
    ],
  },
  {
    key: 'maintenanceWindow',
    group: 'availability_backups',
    type: 'text',
    requiredFrom: null,
    label: t('Maintenance window', 'Wartungsfenster'),
    help: t(
      'Regular maintenance times, e.g. "first Tuesday of the month, 8–10".',
      'Regelmäßige Wartung, z. B. „erster Dienstag im Monat, 8–10 Uhr“.',
    ),
  },
  {
    key: 'backups',
    group: 'availability_backups',
    type: 'longText',
    requiredFrom: 'serviceInformation',
    label: t('Backups', 'Datensicherung'),
    help: t('What is backed up, how often and for how long.', 'Was wie oft und wie lange gesichert wird.'),
  },
  // sidebar_information
  {
    key: 'documentationUrl',
    group: 'sidebar_information',
    type: 'url',
    requiredFrom: 'serviceCard',
    public: true,
    label: t('Documentation', 'Dokumentation'),
    help: t('The user documentation.', 'Die Nutzendendokumentation.'),
  },
  {
    key: 'supportEmail',
    group: 'sidebar_information',
    type: 'email',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Support e-mail', 'Support-E-Mail'),
    help: t('A team mailbox, not a personal address.', 'Ein Team-Postfach, keine persönliche Adresse.'),
  },
  {
    key: 'statusPageUrl',
    group: 'sidebar_information',
    type: 'url',
    requiredFrom: null,
    label: t('Status page', 'Statusseite'),
    help: t('Where outages and maintenance are announced.', 'Wo Ausfälle und Wartungen angekündigt werden.'),
  },
  {
    key: 'trainingUrl',
    group: 'sidebar_information',
    type: 'url',
    requiredFrom: null,
    label: t('Training material', 'Schulungsmaterial'),
    help: t('Tutorials, courses or videos.', 'Tutorials, Kurse oder Videos.'),
  },
  // background
  {
    key: 'motivation',
    group: 'background',
    type: 'longText',
    requiredFrom: 'application',
    label: t('Motivation', 'Motivation'),
    help: t(
      'Why the service should be offered to the whole alliance.',
      'Warum der Service der ganzen Allianz angeboten werden soll.',
    ),
  },
  {
    key: 'currentUsers',
    group: 'background',
    type: 'number',
    min: 0,
    max: 10_000_000,
    requiredFrom: 'application',
    label: t('Current users', 'Aktuelle Nutzende'),
    help: t(
      'How many people use the service today at your centre.',
      'Wie viele Personen den Service heute an Ihrem Zentrum nutzen.',
    ),
  },
  {
    key: 'plannedStart',
    group: 'background',
    type: 'date',
    requiredFrom: null,
    inApplication: true,
    label: t('Planned start', 'Geplanter Start'),
    help: t(
      'When the service could be available to the alliance.',
      'Ab wann der Service der Allianz zur Verfügung stehen könnte.',
    ),
  },
  // service_integration
  {
    key: 'serviceHost',
    group: 'service_integration',
    type: 'hostname',
    requiredFrom: 'serviceInformation',
    label: t('Service host', 'Service-Host'),
    help: t(
      'The host name of the service, without scheme or port, e.g. cloud.example.org.',
      'Der Hostname ohne Schema und Port, z. B. cloud.example.org.',
    ),
  },
  {
    key: 'integrationRequirements',
    group: 'service_integration',
    type: 'longText',
    requiredFrom: null,
    label: t('Integration requirements', 'Integrationsanforderungen'),
    help: t(
      'What the integration team needs: AAI attributes, firewall rules, monitoring.',
      'Was das Integrationsteam braucht: AAI-Attribute, Firewallregeln, Monitoring.',
    ),
  },
  {
    key: 'apiAvailable',
    group: 'service_integration',
    type: 'boolean',
    requiredFrom: null,
    label: t('Programmable interface (API)', 'Programmierschnittstelle (API)'),
    help: t('Whether the service can be used through an API.', 'Ob der Service über eine API nutzbar ist.'),
  },
  {
    key: 'monitoringUrl',
    group: 'service_integration',
    type: 'url',
    requiredFrom: null,
    label: t('Monitoring endpoint', 'Monitoring-Endpunkt'),
    help: t(
      'A health or metrics endpoint the integration team may watch.',
      'Ein Health- oder Metrik-Endpunkt für das Integrationsteam.',
    ),
  },
  // compliance_security
  {
    key: 'dataLocation',
    group: 'compliance_security',
    type: 'select',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Data location', 'Speicherort der Daten'),
    help: t('Where user data is stored and processed.', 'Wo Nutzendendaten gespeichert und verarbeitet werden.'),
    options: [
      o('germany', 'Germany', 'Deutschland'),
      o('eu', 'European Union', 'Europäische Union'),
      o('outside_eu', 'Outside the EU', 'Außerhalb der EU'),
    ],
  },
  {
    key: 'gdprCompliant',
    group: 'compliance_security',
    type: 'boolean',
    requiredFrom: 'serviceInformation',
    label: t('GDPR compliant', 'DSGVO-konform'),
    help: t(
      'Whether processing follows the GDPR, with a data processing agreement where needed.',
      'Ob die Verarbeitung der DSGVO folgt, mit Auftragsverarbeitungsvertrag wo nötig.',
    ),
  },
  {
    key: 'privacyPolicyUrl',
    group: 'compliance_security',
    type: 'url',
    requiredFrom: 'online',
    public: true,
    label: t('Privacy policy', 'Datenschutzerklärung'),
    help: t('The privacy policy users agree to.', 'Die Datenschutzerklärung, der Nutzende zustimmen.'),
  },
  {
    key: 'certifications',
    group: 'compliance_security',
    type: 'multiSelect',
    requiredFrom: null,
    label: t('Certifications', 'Zertifizierungen'),
    help: t('Security certifications of the operation.', 'Sicherheitszertifizierungen des Betriebs.'),
    options: [
      o('iso27001', 'ISO/IEC 27001', 'ISO/IEC 27001'),
      o('bsi_grundschutz', 'BSI IT-Grundschutz', 'BSI IT-Grundschutz'),
      o('soc2', 'SOC 2', 'SOC 2'),
    ],
  },
  {
    key: 'securityContact',
    group: 'compliance_security',
    type: 'email',
    requiredFrom: 'serviceInformation',
    label: t('Security contact', 'Sicherheitskontakt'),
    help: t('Where security incidents are reported.', 'Wohin Sicherheitsvorfälle gemeldet werden.'),
  },
  // communication
  {
    key: 'announcementChannel',
    group: 'communication',
    type: 'select',
    requiredFrom: 'serviceInformation',
    label: t('Announcements', 'Ankündigungen'),
    help: t('How users hear about changes and outages.', 'Wie Nutzende von Änderungen und Ausfällen erfahren.'),
    options: [
      o('mailing_list', 'Mailing list', 'Mailingliste'),
      o('website', 'Website', 'Webseite'),
      o('chat', 'Chat channel', 'Chat-Kanal'),
      o('newsletter', 'Newsletter', 'Newsletter'),
    ],
  },
  {
    key: 'mailingList',
    group: 'communication',
    type: 'email',
    requiredFrom: null,
    label: t('Mailing list', 'Mailingliste'),
    help: t('The address of the users’ mailing list.', 'Die Adresse der Mailingliste für Nutzende.'),
  },
  {
    key: 'chatUrl',
    group: 'communication',
    type: 'url',
    requiredFrom: null,
    label: t('Chat channel', 'Chat-Kanal'),
    help: t('A room where users help each other.', 'Ein Raum, in dem sich Nutzende gegenseitig helfen.'),
  },
  // responsibilities
  {
    key: 'technicalContact',
    group: 'responsibilities',
    type: 'contact',
    requiredFrom: 'serviceInformation',
    label: t('Technical contact', 'Technischer Kontakt'),
    help: t(
      'The person who runs the service day to day; pick a portal user.',
      'Die Person, die den Service täglich betreibt; eine Portalnutzerin oder einen Portalnutzer wählen.',
    ),
  },
  {
    key: 'operatingInstitution',
    group: 'responsibilities',
    type: 'institution',
    requiredFrom: null,
    label: t('Operating institution', 'Betreibende Einrichtung'),
    help: t(
      'Only when another institution than the provider operates the service.',
      'Nur wenn eine andere Einrichtung als der Anbieter den Service betreibt.',
    ),
  },
  // service_quality
  {
    key: 'supportHours',
    group: 'service_quality',
    type: 'select',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Support hours', 'Supportzeiten'),
    help: t('When the support answers.', 'Wann der Support antwortet.'),
    options: [
      o('business_hours', 'Business hours', 'Geschäftszeiten'),
      o('extended', 'Extended hours', 'Erweiterte Zeiten'),
      o('24x7', '24/7', '24/7'),
    ],
  },
  {
    key: 'responseTime',
    group: 'service_quality',
    type: 'select',
    requiredFrom: 'serviceCard',
    label: t('First response', 'Erste Antwort'),
    help: t('How fast the support answers a new ticket.', 'Wie schnell der Support auf ein neues Ticket antwortet.'),
    options: [
      o('4h', 'Within 4 hours', 'Innerhalb von 4 Stunden'),
      o('1d', 'Within one business day', 'Innerhalb eines Werktags'),
      o('3d', 'Within three business days', 'Innerhalb von drei Werktagen'),
    ],
  },
  {
    key: 'slaUrl',
    group: 'service_quality',
    type: 'url',
    requiredFrom: null,
    label: t('Service level agreement', 'Service-Level-Vereinbarung'),
    help: t(
      'The published service level agreement, if any.',
      'Die veröffentlichte Service-Level-Vereinbarung, falls vorhanden.',
    ),
  },
  // other
  {
    key: 'licence',
    group: 'other',
    type: 'select',
    requiredFrom: 'serviceInformation',
    public: true,
    label: t('Licence', 'Lizenz'),
    help: t('The licence of the software behind the service.', 'Die Lizenz der Software hinter dem Service.'),
    options: [
      o('open_source', 'Open source', 'Open Source'),
      o('proprietary', 'Proprietary', 'Proprietär'),
      o('mixed', 'Mixed', 'Gemischt'),
    ],
  },
  {
    key: 'sourceCodeUrl',
    group: 'other',
    type: 'url',
    requiredFrom: null,
    label: t('Source code', 'Quellcode'),
    help: t('The public repository, for open-source services.', 'Das öffentliche Repository bei Open-Source-Services.'),
  },
  {
    key: 'termsOfUseUrl',
    group: 'other',
    type: 'url',
    requiredFrom: 'online',
    public: true,
    label: t('Terms of use', 'Nutzungsbedingungen'),
    help: t('The terms users accept.', 'Die Bedingungen, die Nutzende akzeptieren.'),
  },
  {
    key: 'remarks',
    group: 'other',
    type: 'longText',
    requiredFrom: null,
    label: t('Remarks', 'Anmerkungen'),
    help: t('Anything else the portfolio management should know.', 'Was das Portfoliomanagement sonst wissen sollte.'),
  },
];

export const FIELDS_BY_KEY: ReadonlyMap<string, FieldDefinition> = new Map(SERVICE_FIELDS.map((f) => [f.key, f]));

export const fieldsOfGroup = (group: FieldGroup): FieldDefinition[] => SERVICE_FIELDS.filter((f) => f.group === group);

/** The application form asks what is required from the application step, plus fields marked for it. */
export const APPLICATION_FIELDS: readonly FieldDefinition[] = SERVICE_FIELDS.filter(
  (f) => f.requiredFrom === 'application' || f.inApplication,
);
