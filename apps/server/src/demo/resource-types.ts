import type { LocalizedText } from '@nubes/domain';

/** A demo resource type: what its packages grant, counted in its unit, and the JSON Schema of their policies. */
export interface DemoResourceType {
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  quotaUnit: LocalizedText;
  schema: Record<string, unknown>;
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** A field's German words (docs/adr/0083-policy-forms-start-valid-and-speak-the-schemas-words.md). */
const de = (title: string, description?: string, unit?: string) => ({
  'x-translations': { de: { title, ...(description ? { description } : {}), ...(unit ? { unit } : {}) } },
});

const openstackProject: DemoResourceType = {
  key: 'openstack-project',
  name: { en: 'OpenStack project', de: 'OpenStack-Projekt' },
  description: {
    en: 'A project in an OpenStack cloud: virtual machines of the allowed flavors, block storage volumes, floating IPs and private networks. The quota is the number of vCPUs the project may run at once.',
    de: 'Ein Projekt in einer OpenStack-Cloud: virtuelle Maschinen der erlaubten Flavors, Block-Storage-Volumes, Floating IPs und private Netze. Das Kontingent ist die Zahl der vCPUs, die das Projekt gleichzeitig nutzen darf.',
  },
  quotaUnit: { en: 'vCPUs', de: 'vCPUs' },
  schema: {
    $schema: DRAFT_2020_12,
    title: 'OpenStack project policy',
    description: 'What a project of this package may create in the cloud.',
    ...de('Richtlinie des OpenStack-Projekts', 'Was ein Projekt dieses Pakets in der Cloud anlegen darf.'),
    type: 'object',
    properties: {
      flavors: {
        title: 'Allowed flavors',
        description: 'The virtual machine sizes the project may start.',
        ...de('Erlaubte Flavors', 'Die Größen virtueller Maschinen, die das Projekt starten darf.'),
        type: 'array',
        items: { enum: ['m1.small', 'm1.medium', 'm1.large', 'm1.xlarge', 'c1.highcpu', 'g1.gpu-a100'] },
        minItems: 1,
        uniqueItems: true,
        default: ['m1.small', 'm1.medium'],
      },
      ram_gb: {
        title: 'RAM',
        description: 'Memory of all running instances together.',
        'x-unit': 'GB',
        ...de('Arbeitsspeicher', 'Speicher aller laufenden Instanzen zusammen.'),
        type: 'integer',
        minimum: 1,
        maximum: 4096,
        default: 64,
      },
      instances: {
        title: 'Instances',
        description: 'Instances running at once.',
        ...de('Instanzen', 'Gleichzeitig laufende Instanzen.'),
        type: 'integer',
        minimum: 1,
        maximum: 500,
        default: 10,
      },
      volumes: {
        title: 'Block storage volumes',
        ...de('Block-Storage-Volumes'),
        type: 'object',
        properties: {
          count: {
            title: 'Number of volumes',
            ...de('Anzahl der Volumes'),
            type: 'integer',
            minimum: 0,
            maximum: 200,
            default: 10,
          },
          size_gb: {
            title: 'Total size',
            'x-unit': 'GB',
            ...de('Gesamtgröße'),
            type: 'integer',
            minimum: 0,
            maximum: 100000,
            default: 1000,
          },
        },
        required: ['count', 'size_gb'],
        additionalProperties: false,
      },
      floating_ips: {
        title: 'Floating IPs',
        description: 'Public IPv4 addresses the project may hold.',
        ...de('Floating IPs', 'Öffentliche IPv4-Adressen, die das Projekt halten darf.'),
        type: 'integer',
        minimum: 0,
        maximum: 64,
        default: 2,
      },
      networks: {
        title: 'Private networks',
        ...de('Private Netze'),
        type: 'integer',
        minimum: 1,
        maximum: 16,
        default: 1,
      },
      image_visibility: {
        title: 'Image visibility',
        description: 'The widest visibility the project may give its own images.',
        ...de('Sichtbarkeit der Images', 'Die weiteste Sichtbarkeit, die das Projekt eigenen Images geben darf.'),
        enum: ['private', 'shared', 'community', 'public'],
        default: 'private',
      },
    },
    required: ['flavors', 'ram_gb', 'instances', 'volumes', 'floating_ips', 'networks'],
    additionalProperties: false,
  },
};

const s3Storage: DemoResourceType = {
  key: 's3-storage',
  name: { en: 'S3 object storage', de: 'S3-Objektspeicher' },
  description: {
    en: 'Buckets in S3-compatible object storage, with versioning, object lock and lifecycle rules. The quota is the capacity in terabytes.',
    de: 'Buckets in S3-kompatiblem Objektspeicher mit Versionierung, Object Lock und Lifecycle-Regeln. Das Kontingent ist die Kapazität in Terabyte.',
  },
  quotaUnit: { en: 'TB', de: 'TB' },
  schema: {
    $schema: DRAFT_2020_12,
    title: 'S3 storage policy',
    description: 'The buckets of this package and the rules they follow.',
    ...de('Richtlinie des S3-Speichers', 'Die Buckets dieses Pakets und ihre Regeln.'),
    type: 'object',
    properties: {
      buckets: {
        title: 'Buckets',
        description: 'How many buckets may exist.',
        ...de('Buckets', 'Wie viele Buckets es geben darf.'),
        type: 'integer',
        minimum: 1,
        maximum: 1000,
        default: 10,
      },
      versioning: {
        title: 'Versioning',
        description: 'Objects keep their earlier versions.',
        ...de('Versionierung', 'Objekte behalten ihre früheren Versionen.'),
        type: 'boolean',
      },
      object_lock: {
        title: 'Object lock',
        description: 'Objects cannot be deleted or overwritten before their retention ends (WORM).',
        ...de(
          'Object Lock',
          'Objekte können vor dem Ende ihrer Aufbewahrung weder gelöscht noch überschrieben werden (WORM).',
        ),
        type: 'boolean',
      },
      retention_days: {
        title: 'Retention',
        description: 'How long locked objects are kept; 0 without object lock.',
        'x-unit': 'days',
        ...de('Aufbewahrung', 'Wie lange gesperrte Objekte aufbewahrt werden; 0 ohne Object Lock.', 'Tage'),
        type: 'integer',
        minimum: 0,
        maximum: 3650,
      },
      access: {
        title: 'Access',
        description: 'Who may read the objects.',
        ...de('Zugriff', 'Wer die Objekte lesen darf.'),
        enum: ['private', 'authenticated', 'public-read'],
        default: 'private',
      },
      lifecycle: {
        title: 'Lifecycle rules',
        ...de('Lifecycle-Regeln'),
        type: 'object',
        properties: {
          expire_days: {
            title: 'Delete objects after',
            'x-unit': 'days',
            ...de('Objekte löschen nach', undefined, 'Tagen'),
            type: 'integer',
            minimum: 1,
            maximum: 36500,
          },
          transition_to_cold_after_days: {
            title: 'Move to cold storage after',
            'x-unit': 'days',
            ...de('In den Kaltspeicher verschieben nach', undefined, 'Tagen'),
            type: 'integer',
            minimum: 1,
            maximum: 3650,
          },
        },
        additionalProperties: false,
      },
    },
    required: ['buckets', 'versioning', 'object_lock', 'access'],
    additionalProperties: false,
  },
};

const hpcCoreHours: DemoResourceType = {
  key: 'hpc-core-hours',
  name: { en: 'HPC compute time', de: 'HPC-Rechenzeit' },
  description: {
    en: 'Compute time on a batch cluster: which partition, how long and how wide a job may run, GPU hours and project storage. The quota is the number of core hours per year.',
    de: 'Rechenzeit auf einem Batch-Cluster: welche Partition, wie lange und auf wie vielen Knoten ein Job laufen darf, GPU-Stunden und Projektspeicher. Das Kontingent ist die Zahl der Core-Stunden pro Jahr.',
  },
  quotaUnit: { en: 'core hours', de: 'Core-Stunden' },
  schema: {
    $schema: DRAFT_2020_12,
    title: 'HPC compute time policy',
    description: 'The limits of the batch jobs of this package.',
    ...de('Richtlinie der HPC-Rechenzeit', 'Die Grenzen der Batch-Jobs dieses Pakets.'),
    type: 'object',
    properties: {
      partition: {
        title: 'Partition',
        description: 'The part of the cluster the jobs run on.',
        ...de('Partition', 'Der Teil des Clusters, auf dem die Jobs laufen.'),
        enum: ['standard', 'large-memory', 'gpu', 'test'],
        default: 'standard',
      },
      max_wall_time_hours: {
        title: 'Longest job',
        'x-unit': 'hours',
        ...de('Längster Job', undefined, 'Stunden'),
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 168,
        default: 24,
      },
      max_nodes_per_job: {
        title: 'Nodes per job',
        ...de('Knoten pro Job'),
        type: 'integer',
        minimum: 1,
        maximum: 512,
        default: 4,
      },
      // GPU model and hours belong to the policy only while GPUs are allowed: the form shows them then.
      gpu: {
        title: 'GPUs',
        ...de('GPUs'),
        type: 'object',
        properties: {
          enabled: { title: 'GPUs allowed', ...de('GPUs erlaubt'), type: 'boolean', default: false },
        },
        required: ['enabled'],
        if: { properties: { enabled: { const: true } }, required: ['enabled'] },
        then: {
          properties: {
            type: { title: 'GPU model', ...de('GPU-Modell'), enum: ['A100', 'H100', 'L40S'] },
            hours: {
              title: 'GPU hours per year',
              ...de('GPU-Stunden pro Jahr'),
              type: 'integer',
              minimum: 0,
              maximum: 1000000,
            },
          },
          required: ['type', 'hours'],
        },
        unevaluatedProperties: false,
      },
      qos: {
        title: 'Quality of service',
        description: 'The scheduling priority of the jobs.',
        ...de('Dienstgüte', 'Die Priorität der Jobs im Scheduler.'),
        enum: ['low', 'normal', 'high', 'debug'],
        default: 'normal',
      },
      project_storage_tb: {
        title: 'Project storage',
        description: 'Shared storage of the project on the parallel file system.',
        'x-unit': 'TB',
        ...de('Projektspeicher', 'Gemeinsamer Speicher des Projekts auf dem parallelen Dateisystem.'),
        type: 'number',
        minimum: 0,
        maximum: 500,
      },
    },
    required: ['partition', 'max_wall_time_hours', 'max_nodes_per_job', 'gpu', 'qos'],
    additionalProperties: false,
  },
};

const jupyterhubProfile: DemoResourceType = {
  key: 'jupyterhub-profile',
  name: { en: 'JupyterHub profile', de: 'JupyterHub-Profil' },
  description: {
    en: 'A server profile on a JupyterHub: the notebook image, CPU and memory, a GPU, idle shutdown, persistent storage and extra packages. The quota is the number of users who may start it.',
    de: 'Ein Server-Profil auf einem JupyterHub: Notebook-Image, CPU und Arbeitsspeicher, GPU, Abschaltung bei Leerlauf, dauerhafter Speicher und zusätzliche Pakete. Das Kontingent ist die Zahl der Personen, die es starten dürfen.',
  },
  quotaUnit: { en: 'users', de: 'Personen' },
  schema: {
    $schema: DRAFT_2020_12,
    title: 'JupyterHub profile policy',
    description: 'The server a user of this profile gets.',
    ...de('Richtlinie des JupyterHub-Profils', 'Der Server, den eine Person mit diesem Profil bekommt.'),
    type: 'object',
    properties: {
      image: {
        title: 'Notebook image',
        ...de('Notebook-Image'),
        enum: ['scipy-notebook', 'datascience-notebook', 'tensorflow-notebook', 'pytorch-notebook', 'r-notebook'],
        default: 'scipy-notebook',
      },
      cpu_limit: {
        title: 'CPU cores',
        ...de('CPU-Kerne'),
        type: 'number',
        minimum: 0.5,
        maximum: 32,
        multipleOf: 0.5,
        default: 2,
      },
      memory_gb: {
        title: 'Memory',
        'x-unit': 'GB',
        ...de('Arbeitsspeicher'),
        type: 'integer',
        minimum: 1,
        maximum: 256,
        default: 8,
      },
      gpu: {
        title: 'GPU',
        description: 'The server gets one GPU.',
        ...de('GPU', 'Der Server bekommt eine GPU.'),
        type: 'boolean',
      },
      idle_timeout_minutes: {
        title: 'Shut down when idle after',
        'x-unit': 'minutes',
        ...de('Bei Leerlauf abschalten nach', undefined, 'Minuten'),
        type: 'integer',
        minimum: 15,
        maximum: 1440,
        default: 60,
      },
      persistent_storage_gb: {
        title: 'Home directory',
        'x-unit': 'GB',
        ...de('Home-Verzeichnis'),
        type: 'integer',
        minimum: 0,
        maximum: 1000,
        default: 10,
      },
      extra_packages: {
        title: 'Extra packages',
        description: 'Python or R packages installed on top of the image, with an optional version (xarray==2024.6.0).',
        ...de(
          'Zusätzliche Pakete',
          'Python- oder R-Pakete, die zusätzlich zum Image installiert werden, mit optionaler Version (xarray==2024.6.0).',
        ),
        type: 'array',
        items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*(==[A-Za-z0-9.+-]+)?$', maxLength: 100 },
        maxItems: 50,
        uniqueItems: true,
      },
    },
    required: ['image', 'cpu_limit', 'memory_gb', 'gpu', 'idle_timeout_minutes', 'persistent_storage_gb'],
    additionalProperties: false,
  },
};

/** The resource types of the demo alliance: a cloud, object storage, a batch cluster and a JupyterHub. */
export const DEMO_RESOURCE_TYPES: readonly DemoResourceType[] = [
  openstackProject,
  s3Storage,
  hpcCoreHours,
  jupyterhubProfile,
];
