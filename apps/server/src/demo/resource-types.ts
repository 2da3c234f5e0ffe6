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
    type: 'object',
    properties: {
      flavors: {
        title: 'Allowed flavors',
        description: 'The virtual machine sizes the project may start.',
        type: 'array',
        items: { enum: ['m1.small', 'm1.medium', 'm1.large', 'm1.xlarge', 'c1.highcpu', 'g1.gpu-a100'] },
        minItems: 1,
        uniqueItems: true,
      },
      ram_gb: {
        title: 'RAM (GB)',
        description: 'Memory of all running instances together.',
        type: 'integer',
        minimum: 1,
        maximum: 4096,
      },
      instances: {
        title: 'Instances',
        description: 'Instances running at once.',
        type: 'integer',
        minimum: 1,
        maximum: 500,
      },
      volumes: {
        title: 'Block storage volumes',
        type: 'object',
        properties: {
          count: { title: 'Number of volumes', type: 'integer', minimum: 0, maximum: 200 },
          size_gb: { title: 'Total size (GB)', type: 'integer', minimum: 0, maximum: 100000 },
        },
        required: ['count', 'size_gb'],
        additionalProperties: false,
      },
      floating_ips: {
        title: 'Floating IPs',
        description: 'Public IPv4 addresses the project may hold.',
        type: 'integer',
        minimum: 0,
        maximum: 64,
      },
      networks: { title: 'Private networks', type: 'integer', minimum: 1, maximum: 16 },
      image_visibility: {
        title: 'Image visibility',
        description: 'The widest visibility the project may give its own images.',
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
    type: 'object',
    properties: {
      buckets: {
        title: 'Buckets',
        description: 'How many buckets may exist.',
        type: 'integer',
        minimum: 1,
        maximum: 1000,
      },
      versioning: { title: 'Versioning', description: 'Objects keep their earlier versions.', type: 'boolean' },
      object_lock: {
        title: 'Object lock',
        description: 'Objects cannot be deleted or overwritten before their retention ends (WORM).',
        type: 'boolean',
      },
      retention_days: {
        title: 'Retention (days)',
        description: 'How long locked objects are kept; 0 without object lock.',
        type: 'integer',
        minimum: 0,
        maximum: 3650,
      },
      access: {
        title: 'Access',
        description: 'Who may read the objects.',
        enum: ['private', 'authenticated', 'public-read'],
      },
      lifecycle: {
        title: 'Lifecycle rules',
        type: 'object',
        properties: {
          expire_days: {
            title: 'Delete objects after (days)',
            type: 'integer',
            minimum: 1,
            maximum: 36500,
          },
          transition_to_cold_after_days: {
            title: 'Move to cold storage after (days)',
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
    type: 'object',
    properties: {
      partition: {
        title: 'Partition',
        description: 'The part of the cluster the jobs run on.',
        enum: ['standard', 'large-memory', 'gpu', 'test'],
      },
      max_wall_time_hours: {
        title: 'Longest job (hours)',
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 168,
      },
      max_nodes_per_job: { title: 'Nodes per job', type: 'integer', minimum: 1, maximum: 512 },
      gpu: {
        title: 'GPUs',
        type: 'object',
        properties: {
          enabled: { title: 'GPUs allowed', type: 'boolean' },
          type: { title: 'GPU model', enum: ['A100', 'H100', 'L40S'] },
          hours: { title: 'GPU hours per year', type: 'integer', minimum: 0, maximum: 1000000 },
        },
        required: ['enabled'],
        additionalProperties: false,
      },
      qos: {
        title: 'Quality of service',
        description: 'The scheduling priority of the jobs.',
        enum: ['low', 'normal', 'high', 'debug'],
        default: 'normal',
      },
      project_storage_tb: {
        title: 'Project storage (TB)',
        description: 'Shared storage of the project on the parallel file system.',
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
    type: 'object',
    properties: {
      image: {
        title: 'Notebook image',
        enum: ['scipy-notebook', 'datascience-notebook', 'tensorflow-notebook', 'pytorch-notebook', 'r-notebook'],
      },
      cpu_limit: { title: 'CPU cores', type: 'number', minimum: 0.5, maximum: 32, multipleOf: 0.5 },
      memory_gb: { title: 'Memory (GB)', type: 'integer', minimum: 1, maximum: 256 },
      gpu: { title: 'GPU', description: 'The server gets one GPU.', type: 'boolean' },
      idle_timeout_minutes: {
        title: 'Shut down when idle after (minutes)',
        type: 'integer',
        minimum: 15,
        maximum: 1440,
      },
      persistent_storage_gb: { title: 'Home directory (GB)', type: 'integer', minimum: 0, maximum: 1000 },
      extra_packages: {
        title: 'Extra packages',
        description: 'Python or R packages installed on top of the image, with an optional version (xarray==2024.6.0).',
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
