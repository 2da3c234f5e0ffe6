import type { ServiceState, WeightingAnswers } from '@nubes/domain';
import type { ServiceProfile } from './field-values.js';
import type { DemoCentre } from './institutions.js';

/** One service of the demo portfolio. Owners come from the centre's team (people.ts). */
export interface DemoService {
  name: string;
  centre: DemoCentre;
  state: ServiceState;
  profile: ServiceProfile;
  keywords: readonly string[];
  /** Days since the application was started; the history spreads over this time. */
  ageDays: number;
  /** A draft with fields still open. */
  unfinished?: boolean;
  /** The portfolio manager activated the documents area. */
  documentsActive?: boolean;
  /** Weighting answers (criterion → option); services from planning on have all ten. */
  weighting?: WeightingAnswers;
}

// Weighting profiles: a flagship of the alliance, a solid shared service, a niche service.
const FLAGSHIP: WeightingAnswers = {
  initiatedBy: 'alliance',
  expectedCentres: 'many',
  expectedUsers: 'over_1000',
  externalAvailability: 'open',
  serviceEnablement: 'self_service',
  scientificSupport: 'core',
  fairStatement: 'full',
  dataFormat: 'open_standard',
  openSource: 'yes',
  plannedProvisionTime: 'under_3_months',
};
const SHARED: WeightingAnswers = {
  initiatedBy: 'centre',
  expectedCentres: 'some',
  expectedUsers: '100_1000',
  externalAvailability: 'open',
  serviceEnablement: 'guided',
  scientificSupport: 'supporting',
  fairStatement: 'partial',
  dataFormat: 'open_standard',
  openSource: 'yes',
  plannedProvisionTime: '3_6_months',
};
const NICHE: WeightingAnswers = {
  initiatedBy: 'working_group',
  expectedCentres: 'one',
  expectedUsers: 'under_100',
  externalAvailability: 'on_request',
  serviceEnablement: 'manual',
  scientificSupport: 'indirect',
  fairStatement: 'none',
  dataFormat: 'documented',
  openSource: 'partly',
  plannedProvisionTime: 'over_6_months',
};

const with_ = (base: WeightingAnswers, changes: WeightingAnswers): WeightingAnswers => ({ ...base, ...changes });

/**
 * About forty services of a research cloud in every one of the seventeen states, spread over the
 * six centres: alice's at HPC Centre North, bob's at Datacenter South, the others owned by the
 * staff of their centres.
 */
export const DEMO_SERVICES: readonly DemoService[] = [
  // ---- HPC Centre North (alice)
  {
    name: 'HPC Batch Computing',
    centre: 'HPCN',
    state: 'service_online',
    ageDays: 1400,
    documentsActive: true,
    weighting: FLAGSHIP,
    keywords: ['HPC', 'Slurm', 'Batch'],
    profile: {
      slug: 'batch',
      shortDescription: 'Run large parallel jobs on 40,000 CPU cores through the Slurm batch system.',
      description:
        'The batch service of HPC Centre North gives research projects access to a 40,000-core cluster with a ' +
        'low-latency InfiniBand network. Jobs are submitted with Slurm; compilers, MPI libraries and common ' +
        'scientific codes are provided as modules. Compute time is granted per project.',
      motivation: 'Most centres have no cluster of this size; sharing it avoids idle local clusters.',
      category: 'compute',
      targetGroup: ['researchers', 'research_software_engineers'],
      currentUsers: 2300,
      quota: '100,000 core hours per project and year',
      requiresVo: true,
      availability: '24x7',
      supportHours: 'extended',
      responseTime: '4h',
      certifications: ['iso27001'],
      sourceCodeUrl: 'https://github.com/SchedMD/slurm',
    },
  },
  {
    name: 'GPU Cluster for Machine Learning',
    centre: 'HPCN',
    state: 'service_full_capacity_reached',
    ageDays: 900,
    weighting: with_(FLAGSHIP, { plannedProvisionTime: '3_6_months' }),
    keywords: ['GPU', 'Machine Learning', 'HPC'],
    profile: {
      slug: 'gpu',
      shortDescription: '320 data-centre GPUs for training and inference, booked per project.',
      description:
        'Nodes with eight GPUs each for deep learning and GPU-accelerated simulation. Containers with PyTorch and ' +
        'TensorFlow are provided; jobs run through the batch system with dedicated GPU partitions.',
      motivation: 'Demand for GPUs grows faster than any single centre can buy them.',
      category: 'compute',
      currentUsers: 640,
      quota: '2,000 GPU hours per project and quarter',
      requiresVo: true,
      availability: '24x7',
      limitations: 'All GPUs are booked until the next extension; new projects are put on a waiting list.',
    },
  },
  {
    name: 'JupyterHub on HPC',
    centre: 'HPCN',
    state: 'service_online',
    ageDays: 700,
    weighting: with_(SHARED, { scientificSupport: 'core', serviceEnablement: 'self_service' }),
    keywords: ['Jupyter', 'Notebooks', 'Python', 'HPC'],
    profile: {
      slug: 'jupyter',
      shortDescription: 'Jupyter notebooks in the browser with the power of the HPC cluster behind them.',
      description:
        'Start a notebook server on a cluster node from the browser, with Python, R and Julia kernels and access to ' +
        'the project file systems. Interactive analysis and teaching without installing anything.',
      motivation: 'Lowers the entry barrier to HPC for researchers who work interactively.',
      category: 'software',
      targetGroup: ['researchers', 'students'],
      currentUsers: 1100,
      sourceCodeUrl: 'https://github.com/jupyterhub/jupyterhub',
    },
  },
  {
    name: 'Lustre Scratch Storage',
    centre: 'HPCN',
    state: 'service_not_available',
    ageDays: 1200,
    weighting: SHARED,
    keywords: ['Storage', 'Lustre', 'HPC'],
    profile: {
      slug: 'scratch',
      shortDescription: 'Fast parallel scratch file system for running jobs, 8 PB.',
      description:
        'A Lustre file system attached to all compute nodes for the working data of running jobs. Files older than ' +
        '60 days are removed automatically; it is not meant for keeping data.',
      motivation: 'Jobs of other centres running on our cluster need fast storage close to the nodes.',
      category: 'storage',
      currentUsers: 1800,
      quota: '50 TB per project',
      backups: 'No backups: scratch data must be copied to the archive or project storage.',
      limitations: 'Currently unavailable: the metadata servers are being replaced until the end of the month.',
    },
  },
  {
    name: 'Scientific Workflow Service',
    centre: 'HPCN',
    state: 'service_information_draft',
    ageDays: 120,
    unfinished: true,
    weighting: with_(SHARED, { initiatedBy: 'alliance' }),
    keywords: ['Workflows', 'Nextflow', 'Snakemake'],
    profile: {
      slug: 'workflows',
      shortDescription: 'Run Nextflow and Snakemake pipelines on the cluster without writing batch scripts.',
      description:
        'A managed workflow engine that submits the steps of Nextflow and Snakemake pipelines to the batch system, ' +
        'retries failed steps and keeps provenance records of every run.',
      motivation: 'Genomics groups of several centres asked for reproducible pipelines on shared compute.',
      category: 'software',
      api: true,
      currentUsers: 85,
    },
  },
  {
    name: 'Quantum Computing Simulator',
    centre: 'HPCN',
    state: 'application_draft',
    ageDays: 12,
    unfinished: true,
    keywords: ['Quantum Computing', 'Simulation'],
    profile: {
      slug: 'quantum',
      shortDescription: 'Simulate quantum circuits of up to 40 qubits on the cluster.',
      description:
        'State-vector and tensor-network simulators with Qiskit and Cirq front ends, running on large-memory nodes.',
      motivation: 'Quantum algorithm research needs simulators before real hardware is available.',
      category: 'software',
      currentUsers: 20,
    },
  },
  {
    name: 'Container Registry',
    centre: 'HPCN',
    state: 'integration_in_progress',
    ageDays: 260,
    weighting: with_(SHARED, { serviceEnablement: 'self_service' }),
    keywords: ['Containers', 'Harbor', 'DevOps'],
    profile: {
      slug: 'registry',
      shortDescription: 'A private registry for container images, with vulnerability scanning.',
      description:
        'Harbor-based registry for Docker and Apptainer images. Projects keep their images close to the cluster; ' +
        'every pushed image is scanned for known vulnerabilities.',
      motivation: 'Pulling images from public registries is slow and rate-limited on the compute nodes.',
      category: 'software',
      api: true,
      targetGroup: ['research_software_engineers', 'it_staff'],
      currentUsers: 210,
      sourceCodeUrl: 'https://github.com/goharbor/harbor',
    },
  },
  {
    name: 'Grid Computing Gateway',
    centre: 'HPCN',
    state: 'service_retired',
    ageDays: 2600,
    weighting: NICHE,
    keywords: ['Grid', 'HPC'],
    profile: {
      slug: 'grid',
      shortDescription: 'Certificate-based access to the former grid computing resources.',
      description: 'Gateway for grid jobs with X.509 certificates. Replaced by the batch service with AAI login.',
      motivation: 'Kept the grid communities running during the move to the batch service.',
      category: 'compute',
      currentUsers: 40,
      authentication: 'local_accounts',
    },
  },

  // ---- Datacenter South (bob)
  {
    name: 'S3 Object Storage',
    centre: 'DCS',
    state: 'service_online',
    ageDays: 1100,
    documentsActive: true,
    weighting: FLAGSHIP,
    keywords: ['Storage', 'S3', 'Ceph'],
    profile: {
      slug: 's3',
      shortDescription: 'S3-compatible object storage for research data, from gigabytes to petabytes.',
      description:
        'Ceph-based object storage with the S3 protocol. Buckets are created per project, shared with access keys ' +
        'or presigned links and replicated across two fire zones.',
      motivation: 'Projects of all centres need storage they can reach from anywhere with standard tools.',
      category: 'storage',
      api: true,
      currentUsers: 3100,
      quota: '10 TB per project, more on request',
      availability: '24x7',
      certifications: ['iso27001', 'bsi_grundschutz'],
      sourceCodeUrl: 'https://github.com/ceph/ceph',
    },
  },
  {
    name: 'Virtual Machine Cloud',
    centre: 'DCS',
    state: 'service_online',
    ageDays: 1500,
    weighting: FLAGSHIP,
    keywords: ['Cloud', 'OpenStack', 'Virtual Machines'],
    profile: {
      slug: 'cloud',
      shortDescription: 'Self-service virtual machines and networks on OpenStack.',
      description:
        'Start virtual machines from curated images, attach volumes and floating IPs and build private networks. ' +
        'Projects get a quota of vCPUs, memory and storage and manage it themselves in the dashboard or via API.',
      motivation: 'Gives every centre an infrastructure cloud without running one.',
      category: 'compute',
      api: true,
      currentUsers: 1700,
      quota: '32 vCPUs, 128 GB RAM, 2 TB volumes per project',
      availability: '24x7',
      supportHours: 'extended',
      certifications: ['iso27001'],
      sourceCodeUrl: 'https://opendev.org/openstack',
    },
  },
  {
    name: 'Long-term Data Archive',
    centre: 'DCS',
    state: 'service_online',
    ageDays: 1300,
    weighting: with_(FLAGSHIP, { serviceEnablement: 'guided' }),
    keywords: ['Archive', 'Storage', 'Long-term Preservation'],
    profile: {
      slug: 'archive',
      shortDescription: 'Keep research data safe for ten years and more, on tape in two locations.',
      description:
        'The archive keeps data that underlies publications for at least ten years, as good scientific practice ' +
        'requires. Data is written to tape in two locations and checked regularly.',
      motivation: 'Good scientific practice asks for ten years of retention; few centres can offer it.',
      category: 'storage',
      currentUsers: 900,
      costs: 'cost_recovery',
      licence: 'proprietary',
    },
  },
  {
    name: 'Backup as a Service',
    centre: 'DCS',
    state: 'service_full_capacity_reached',
    ageDays: 1000,
    weighting: SHARED,
    keywords: ['Backup', 'Storage'],
    profile: {
      slug: 'backup',
      shortDescription: 'Managed backups of servers and workstations of research groups.',
      description:
        'Install the backup client, choose what to keep and for how long; restores are done in self-service. ' +
        'Backups are encrypted at the client.',
      motivation: 'Research groups run servers without a working backup.',
      category: 'storage',
      currentUsers: 450,
      licence: 'proprietary',
      costs: 'cost_recovery',
      limitations: 'The backup library is full until the extension in spring; no new clients are accepted.',
    },
  },
  {
    name: 'Kubernetes as a Service',
    centre: 'DCS',
    state: 'integration_planned',
    ageDays: 300,
    weighting: with_(SHARED, { expectedCentres: 'many' }),
    keywords: ['Kubernetes', 'Containers', 'Cloud'],
    profile: {
      slug: 'k8s',
      shortDescription: 'Managed Kubernetes clusters for research applications, created in minutes.',
      description:
        'Order a Kubernetes cluster with the number of nodes you need; upgrades, monitoring and the control plane ' +
        'are run by the centre. Storage classes for block and object storage are included.',
      motivation: 'Research software increasingly ships as containers and Helm charts.',
      category: 'compute',
      api: true,
      targetGroup: ['research_software_engineers', 'it_staff'],
      currentUsers: 60,
      sourceCodeUrl: 'https://github.com/kubernetes/kubernetes',
    },
  },
  {
    name: 'Managed PostgreSQL',
    centre: 'DCS',
    state: 'application_received',
    ageDays: 40,
    keywords: ['Databases', 'PostgreSQL'],
    profile: {
      slug: 'postgres',
      shortDescription: 'PostgreSQL databases with backups and monitoring, ready in a few minutes.',
      description:
        'Database instances in three sizes with daily backups, point-in-time recovery and connection pooling. ' +
        'Extensions such as PostGIS are available.',
      motivation: 'Many research applications need a database; running one well is a lot of work for a group.',
      category: 'data_management',
      api: true,
      currentUsers: 120,
    },
  },
  {
    name: 'Tape Archive Classic',
    centre: 'DCS',
    state: 'service_discontinued',
    ageDays: 2400,
    weighting: NICHE,
    keywords: ['Archive', 'Tape'],
    profile: {
      slug: 'tape',
      shortDescription: 'File-based access to the old tape library.',
      description: 'FTP access to the tape library of the former archive. Superseded by the Long-term Data Archive.',
      motivation: 'Bridged the gap until the new archive was in production.',
      category: 'storage',
      currentUsers: 30,
      authentication: 'local_accounts',
      licence: 'proprietary',
    },
  },
  {
    name: 'Secrets Management',
    centre: 'DCS',
    state: 'application_draft',
    ageDays: 5,
    keywords: ['Security', 'Vault'],
    profile: {
      slug: 'vault',
      shortDescription: 'Store passwords, API keys and certificates for research applications safely.',
      description:
        'A central vault for the secrets of automated workflows, with short-lived credentials for databases and ' +
        'cloud accounts, and an audit log of every access.',
      motivation: 'Secrets in code repositories are a recurring security incident.',
      category: 'software',
      api: true,
      targetGroup: ['research_software_engineers', 'it_staff'],
      currentUsers: 15,
    },
  },

  // ---- University West Computing Centre
  {
    name: 'Nextcloud Sync & Share',
    centre: 'UW',
    state: 'service_online',
    ageDays: 1600,
    weighting: FLAGSHIP,
    keywords: ['Sync & Share', 'Nextcloud', 'Collaboration'],
    profile: {
      slug: 'cloudshare',
      shortDescription: 'Sync and share files across devices and with colleagues of all centres.',
      description:
        'Nextcloud with desktop and mobile clients, shared folders, public links with expiry dates and online ' +
        'editing of office documents. Files stay in the alliance’s data centres.',
      motivation: 'Keeps research data out of commercial clouds and lets groups of several centres share files.',
      category: 'collaboration',
      targetGroup: ['researchers', 'students', 'administration'],
      currentUsers: 12000,
      quota: '50 GB per person, 1 TB per group folder',
      sourceCodeUrl: 'https://github.com/nextcloud/server',
    },
  },
  {
    name: 'Video Conferencing',
    centre: 'UW',
    state: 'service_online',
    ageDays: 1000,
    weighting: with_(FLAGSHIP, { scientificSupport: 'supporting' }),
    keywords: ['Video Conferencing', 'BigBlueButton', 'Collaboration'],
    profile: {
      slug: 'meet',
      shortDescription: 'Video meetings and online lectures in the browser, with recording and breakout rooms.',
      description:
        'BigBlueButton rooms for project meetings, lectures and workshops of up to 300 participants, with shared ' +
        'notes, whiteboard and recordings.',
      motivation: 'A privacy-friendly alternative to commercial video conferencing for the whole alliance.',
      category: 'collaboration',
      targetGroup: ['researchers', 'students', 'administration'],
      currentUsers: 8000,
      sourceCodeUrl: 'https://github.com/bigbluebutton/bigbluebutton',
    },
  },
  {
    name: 'Team Chat',
    centre: 'UW',
    state: 'service_card_review',
    ageDays: 220,
    weighting: with_(SHARED, { expectedUsers: 'over_1000' }),
    keywords: ['Chat', 'Matrix', 'Collaboration'],
    profile: {
      slug: 'chat',
      shortDescription: 'Federated team chat on Matrix, with rooms across all centres.',
      description:
        'Matrix homeserver with the Element client: rooms for projects and communities, end-to-end encryption and ' +
        'federation with other research institutions.',
      motivation: 'Projects use a dozen different chat tools; one federated chat connects them.',
      category: 'collaboration',
      targetGroup: ['researchers', 'students'],
      currentUsers: 1500,
      sourceCodeUrl: 'https://github.com/element-hq/synapse',
    },
  },
  {
    name: 'Research Wiki',
    centre: 'UW',
    state: 'service_not_available',
    ageDays: 800,
    weighting: SHARED,
    keywords: ['Wiki', 'Documentation', 'Collaboration'],
    profile: {
      slug: 'wiki',
      shortDescription: 'Wikis for project documentation, lab handbooks and teaching material.',
      description:
        'Create a wiki per project or group, with page history, Markdown editing and fine-grained permissions.',
      motivation: 'Groups keep their knowledge in scattered documents; a wiki keeps it findable.',
      category: 'collaboration',
      currentUsers: 700,
      limitations: 'Unavailable during the move to the new platform; read-only copies are on request.',
    },
  },
  {
    name: 'Online Survey Tool',
    centre: 'UW',
    state: 'ready_for_integration',
    ageDays: 180,
    weighting: SHARED,
    keywords: ['Surveys', 'LimeSurvey', 'Social Sciences'],
    profile: {
      slug: 'survey',
      shortDescription: 'Create online surveys for studies, GDPR-compliant and hosted at the university.',
      description:
        'LimeSurvey for questionnaires with complex logic, anonymous participation and export to SPSS and R.',
      motivation: 'Social science projects need surveys whose data does not leave the EU.',
      category: 'software',
      currentUsers: 350,
      sourceCodeUrl: 'https://github.com/LimeSurvey/LimeSurvey',
    },
  },
  {
    name: 'Learning Platform for Research Training',
    centre: 'UW',
    state: 'application_withdrawn',
    ageDays: 90,
    keywords: ['Training', 'E-Learning'],
    profile: {
      slug: 'learn',
      shortDescription: 'Online courses on research methods and the alliance’s services.',
      description: 'Moodle courses for self-study on data management, HPC usage and research software engineering.',
      motivation: 'Training material of the centres is scattered and hard to find.',
      category: 'consulting',
      targetGroup: ['researchers', 'students'],
      currentUsers: 200,
    },
  },
  {
    name: 'Collaborative LaTeX Editor',
    centre: 'UW',
    state: 'service_information_received',
    ageDays: 150,
    weighting: with_(SHARED, { expectedUsers: 'over_1000' }),
    keywords: ['LaTeX', 'Writing', 'Collaboration'],
    profile: {
      slug: 'latex',
      shortDescription: 'Write papers and theses together in the browser with LaTeX.',
      description:
        'Overleaf Community Edition with real-time collaboration, templates of the major journals and history.',
      motivation: 'Co-authors at several centres write together without sending files around.',
      category: 'collaboration',
      targetGroup: ['researchers', 'students'],
      currentUsers: 2500,
      sourceCodeUrl: 'https://github.com/overleaf/overleaf',
    },
  },

  // ---- Research Centre East
  {
    name: 'Research Data Repository',
    centre: 'REC',
    state: 'service_online',
    ageDays: 1100,
    documentsActive: false,
    weighting: FLAGSHIP,
    keywords: ['Research Data', 'Repository', 'FAIR', 'DOI'],
    profile: {
      slug: 'repository',
      shortDescription: 'Publish research data with a DOI, rich metadata and a licence.',
      description:
        'InvenioRDM repository for datasets, software and other research outputs. Every record gets a DOI, ' +
        'versioning and a landing page; metadata is harvested by the large search portals.',
      motivation: 'Funders ask for published data; a shared repository makes it FAIR at little cost.',
      category: 'data_management',
      api: true,
      currentUsers: 1900,
      quota: '50 GB per record',
      sourceCodeUrl: 'https://github.com/inveniosoftware/invenio-app-rdm',
    },
  },
  {
    name: 'PID Service',
    centre: 'REC',
    state: 'service_online',
    ageDays: 1700,
    weighting: with_(FLAGSHIP, { serviceEnablement: 'guided' }),
    keywords: ['PID', 'Handle', 'DOI', 'FAIR'],
    profile: {
      slug: 'pid',
      shortDescription: 'Persistent identifiers (Handle and DOI) for data, samples and software.',
      description:
        'Register Handles through a REST API and DOIs through the alliance’s DataCite membership; identifiers ' +
        'keep resolving when the data moves.',
      motivation: 'Persistent identifiers are the basis of citable and findable data.',
      category: 'data_management',
      api: true,
      targetGroup: ['researchers', 'research_software_engineers'],
      currentUsers: 400,
      availability: '24x7',
    },
  },
  {
    name: 'Electronic Lab Notebook',
    centre: 'REC',
    state: 'service_information_draft',
    ageDays: 140,
    weighting: with_(SHARED, { scientificSupport: 'core' }),
    keywords: ['Lab Notebook', 'eLabFTW', 'Life Sciences'],
    profile: {
      slug: 'eln',
      shortDescription: 'Document experiments in a searchable, signed electronic lab notebook.',
      description:
        'eLabFTW for experiments, protocols and inventory, with timestamping and export to the data repository.',
      motivation: 'Paper lab notebooks are not searchable and get lost.',
      category: 'software',
      currentUsers: 300,
      sourceCodeUrl: 'https://github.com/elabftw/elabftw',
    },
  },
  {
    name: 'Sample Management',
    centre: 'REC',
    state: 'service_information_draft',
    ageDays: 75,
    unfinished: true,
    weighting: NICHE,
    keywords: ['LIMS', 'Life Sciences'],
    profile: {
      slug: 'samples',
      shortDescription: 'Track biological samples from collection to analysis.',
      description: 'A laboratory information management system for samples, freezers and shipments between labs.',
      motivation: 'Sample exchange between the life-science groups of two centres is done with spreadsheets.',
      category: 'software',
      currentUsers: 45,
    },
  },
  {
    name: 'Data Management Plan Tool',
    centre: 'REC',
    state: 'integration_completed',
    ageDays: 330,
    weighting: with_(SHARED, { fairStatement: 'full' }),
    keywords: ['Data Management Plan', 'RDMO', 'FAIR'],
    profile: {
      slug: 'dmp',
      shortDescription: 'Write data management plans for funders with guided questionnaires.',
      description: 'RDMO with templates of the major funders; plans can be shared with co-applicants and exported.',
      motivation: 'Every proposal now needs a data management plan.',
      category: 'data_management',
      currentUsers: 600,
      sourceCodeUrl: 'https://github.com/rdmorganiser/rdmo',
    },
  },
  {
    name: 'Research Data Management Consulting',
    centre: 'REC',
    state: 'service_planned',
    ageDays: 70,
    weighting: with_(SHARED, { openSource: 'no', dataFormat: 'open_standard' }),
    keywords: ['Consulting', 'Research Data', 'FAIR'],
    profile: {
      slug: 'rdm-consulting',
      shortDescription: 'Advice on data management, from the proposal to the publication of data.',
      description:
        'Data stewards help projects to plan storage, metadata, licences and publication, and run workshops.',
      motivation: 'Small centres have no data stewards of their own.',
      category: 'consulting',
      currentUsers: 150,
      licence: 'proprietary',
      authentication: 'none',
    },
  },
  {
    name: 'Metadata Catalogue',
    centre: 'REC',
    state: 'service_offer_withdrawn',
    ageDays: 400,
    weighting: NICHE,
    keywords: ['Metadata', 'CKAN'],
    profile: {
      slug: 'catalogue',
      shortDescription: 'A searchable catalogue of the datasets of all centres.',
      description: 'CKAN portal harvesting the metadata of the centres’ repositories into one search.',
      motivation: 'Datasets of the alliance should be findable in one place.',
      category: 'data_management',
      currentUsers: 50,
    },
  },

  // ---- Cloud Centre Mitte
  {
    name: 'GitLab Code Hosting',
    centre: 'CCM',
    state: 'service_online',
    ageDays: 1300,
    weighting: with_(FLAGSHIP, { plannedProvisionTime: '3_6_months' }),
    keywords: ['GitLab', 'Git', 'Research Software', 'DevOps'],
    profile: {
      slug: 'gitlab',
      shortDescription: 'Git repositories, issues and CI/CD for research software projects.',
      description:
        'GitLab for code, issues, merge requests and pipelines, with shared runners and the container registry. ' +
        'External collaborators can be invited with guest accounts.',
      motivation: 'Research software needs version control and review; GitLab is the common ground.',
      category: 'software',
      api: true,
      targetGroup: ['researchers', 'research_software_engineers', 'students'],
      currentUsers: 5200,
      availability: '24x7',
      sourceCodeUrl: 'https://gitlab.com/gitlab-org/gitlab',
    },
  },
  {
    name: 'CI Runners for Research Software',
    centre: 'CCM',
    state: 'service_information_received',
    ageDays: 160,
    weighting: SHARED,
    keywords: ['CI/CD', 'Research Software', 'DevOps'],
    profile: {
      slug: 'runners',
      shortDescription: 'Shared CI runners with GPUs and large memory for test pipelines.',
      description: 'Autoscaling GitLab runners, some with GPUs, for the test and build pipelines of research codes.',
      motivation: 'Tests of simulation codes need more than the free runners of public platforms.',
      category: 'compute',
      targetGroup: ['research_software_engineers'],
      currentUsers: 180,
    },
  },
  {
    name: 'RStudio Server',
    centre: 'CCM',
    state: 'ready_for_integration',
    ageDays: 200,
    weighting: with_(SHARED, { serviceEnablement: 'self_service' }),
    keywords: ['R', 'Statistics', 'Notebooks'],
    profile: {
      slug: 'rstudio',
      shortDescription: 'RStudio in the browser for statistics and data analysis.',
      description: 'Posit Workbench sessions with common R packages, project storage and Git integration.',
      motivation: 'Statistics courses and analysis projects need a common R environment.',
      category: 'software',
      targetGroup: ['researchers', 'students'],
      currentUsers: 400,
      licence: 'mixed',
    },
  },
  {
    name: 'Research Software Consulting',
    centre: 'CCM',
    state: 'service_online',
    ageDays: 600,
    weighting: with_(SHARED, { openSource: 'no' }),
    keywords: ['Consulting', 'Research Software'],
    profile: {
      slug: 'rse-consulting',
      shortDescription: 'Research software engineers review code, plan architectures and teach good practice.',
      description:
        'Code reviews, performance analysis, packaging and licensing advice, and short-term support for research ' +
        'software projects of all centres.',
      motivation: 'Most research software is written by researchers without an engineering background.',
      category: 'consulting',
      currentUsers: 90,
      licence: 'proprietary',
      authentication: 'none',
    },
  },
  {
    name: 'Single Sign-on Proxy',
    centre: 'CCM',
    state: 'service_planned',
    ageDays: 55,
    weighting: with_(SHARED, { expectedCentres: 'many' }),
    keywords: ['AAI', 'Keycloak', 'Security'],
    profile: {
      slug: 'sso',
      shortDescription: 'Connect a research application to the alliance AAI without writing login code.',
      description: 'An identity proxy with OpenID Connect and SAML that maps AAI attributes to application roles.',
      motivation: 'Every new service re-implements the AAI connection.',
      category: 'software',
      api: true,
      targetGroup: ['it_staff', 'research_software_engineers'],
      currentUsers: 25,
      sourceCodeUrl: 'https://github.com/keycloak/keycloak',
    },
  },
  {
    name: 'Collaborative Notes',
    centre: 'CCM',
    state: 'service_discontinued',
    ageDays: 1400,
    weighting: NICHE,
    keywords: ['Notes', 'Markdown', 'Collaboration'],
    profile: {
      slug: 'notes',
      shortDescription: 'Write Markdown notes together in real time.',
      description: 'HedgeDoc for meeting notes and drafts. Its features now come with the sync & share service.',
      motivation: 'Meeting notes of distributed projects.',
      category: 'collaboration',
      currentUsers: 300,
    },
  },

  // ---- Küstenlabor Computing
  {
    name: 'Climate Data Archive',
    centre: 'KLC',
    state: 'service_online',
    ageDays: 1800,
    weighting: with_(FLAGSHIP, { expectedCentres: 'some' }),
    keywords: ['Climate', 'Archive', 'Earth System Data'],
    profile: {
      slug: 'climate',
      shortDescription: 'Model output and observations for climate research, with a search by variable.',
      description:
        'Petabytes of climate model output and observational data in NetCDF, searchable by variable, model and ' +
        'period, with direct access from the analysis servers.',
      motivation: 'Climate research depends on shared model output that no group can store alone.',
      category: 'storage',
      api: true,
      currentUsers: 1400,
      availability: '24x7',
    },
  },
  {
    name: 'Remote Visualisation',
    centre: 'KLC',
    state: 'service_online',
    ageDays: 650,
    weighting: SHARED,
    keywords: ['Visualisation', 'ParaView', 'GPU'],
    profile: {
      slug: 'vis',
      shortDescription: 'Interactive 3D visualisation of large simulation data on GPU servers.',
      description: 'Remote desktops with ParaView and VisIt next to the data, so nothing has to be downloaded.',
      motivation: 'Simulation results are too large to move to a workstation.',
      category: 'compute',
      currentUsers: 160,
      requiresVo: true,
    },
  },
  {
    name: 'THREDDS Data Server',
    centre: 'KLC',
    state: 'integration_in_progress',
    ageDays: 280,
    weighting: with_(SHARED, { fairStatement: 'full' }),
    keywords: ['OPeNDAP', 'Earth System Data', 'Climate'],
    profile: {
      slug: 'thredds',
      shortDescription: 'Access subsets of gridded data over OPeNDAP without downloading whole files.',
      description: 'THREDDS serves the ocean and atmosphere datasets over OPeNDAP, WMS and NetCDF subsetting.',
      motivation: 'Analysis tools of many disciplines read OPeNDAP directly.',
      category: 'data_management',
      api: true,
      currentUsers: 500,
      sourceCodeUrl: 'https://github.com/Unidata/tds',
    },
  },
  {
    name: 'Research VPN Gateway',
    centre: 'KLC',
    state: 'application_received',
    ageDays: 30,
    keywords: ['Network', 'VPN', 'Security'],
    profile: {
      slug: 'vpn',
      shortDescription: 'Secure access to instruments and research networks from the field.',
      description: 'WireGuard gateway for research vessels and field stations to reach the centre’s networks.',
      motivation: 'Measurement campaigns at sea need a reliable link to the data centre.',
      category: 'network',
      currentUsers: 70,
    },
  },
  {
    name: 'Galaxy for Marine Genomics',
    centre: 'KLC',
    state: 'application_draft',
    ageDays: 20,
    keywords: ['Galaxy', 'Genomics', 'Workflows'],
    profile: {
      slug: 'galaxy',
      shortDescription: 'Point-and-click genomics workflows for marine biology.',
      description: 'A Galaxy server with tools and reference data for marine genomics and metagenomics.',
      motivation: 'Marine biologists without programming skills need reproducible analyses.',
      category: 'software',
      currentUsers: 60,
      sourceCodeUrl: 'https://github.com/galaxyproject/galaxy',
    },
  },
  {
    name: 'Web GIS Service',
    centre: 'KLC',
    state: 'service_retired',
    ageDays: 2000,
    weighting: NICHE,
    keywords: ['GIS', 'Maps'],
    profile: {
      slug: 'gis',
      shortDescription: 'Publish maps and geodata layers on the web.',
      description: 'A GeoServer for coastal geodata. Retired; layers moved to the national geodata infrastructure.',
      motivation: 'Coastal projects needed to publish maps.',
      category: 'software',
      currentUsers: 80,
    },
  },
];

/** Comments on the demo services: who wrote what, how many days after the application started. */
export const DEMO_COMMENTS: readonly { service: string; author: string; day: number; text: string }[] = [
  {
    service: 'GPU Cluster for Machine Learning',
    author: 'paula',
    day: 880,
    text: 'Several centres asked when new projects can start again. Is the extension still planned for spring?',
  },
  {
    service: 'GPU Cluster for Machine Learning',
    author: 'alice',
    day: 885,
    text: 'Yes: 64 more GPUs arrive in March. We will switch back to "online" as soon as they are in production.',
  },
  {
    service: 'Kubernetes as a Service',
    author: 'ivan',
    day: 290,
    text: 'Integration slot booked for next month. Please send the monitoring endpoint and the AAI attributes you need.',
  },
  {
    service: 'Team Chat',
    author: 'ivan',
    day: 215,
    text: 'The service card is ready for review; the privacy policy link still points to the test system.',
  },
  {
    service: 'Managed PostgreSQL',
    author: 'paula',
    day: 38,
    text: 'Thank you for the application. We will discuss it in the next portfolio board meeting.',
  },
  {
    service: 'Metadata Catalogue',
    author: 'paula',
    day: 395,
    text: 'Withdrawn after the board decided to support the national catalogue instead.',
  },
  {
    service: 'Lustre Scratch Storage',
    author: 'desk',
    day: 1190,
    text: 'Users are asking about the downtime; please keep the status page up to date.',
  },
  {
    service: 'Container Registry',
    author: 'alice',
    day: 250,
    text: 'Vulnerability scanning is enabled on the production instance now.',
  },
];
