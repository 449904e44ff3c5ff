import { ON_SITE_IN_LOS_ANGELES, REMOTE_IN_US_TIME_ZONES } from './job-locations'
import type { SeedJob } from './seed-job'

/** The bundled engineering roles (ids 1–3), in the order the careers page lists them. */
export const engineeringJobs: SeedJob[] = [
  {
    id: 1,
    slug: 'senior-gameplay-engineer',
    title: 'Senior Gameplay Engineer',
    department: 'Engineering',
    type: 'Full-time',
    ...ON_SITE_IN_LOS_ANGELES,
    salaryMin: 150_000,
    salaryMax: 185_000,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Help shape how millions of players give, play and celebrate together in Donation Plaza, our donation game on a major online game platform. ' +
      'You will own core gameplay systems, from the booths and emotes players use every day to the mini-games we ship for seasonal events.' +
      '\n\n' +
      'Our gameplay team is small and senior, so your ideas move from prototype to live servers quickly. You will pair closely with designers, ' +
      'artists and animators to make every interaction feel responsive and fair, and you will help set the technical direction for new modes ' +
      'built alongside partners such as Tumbletop Toys and The Paper Comets.' +
      '\n\n' +
      'We care about craft and about the people we build for. Many of our players are young, so safety, clarity and performance on low-end ' +
      'devices are part of the job, not an afterthought.',
    responsibilities: [
      'Design, build and maintain gameplay systems for Donation Plaza, including booths, gifting flows, emotes and event mini-games',
      'Prototype new mechanics with design and turn the best ideas into production-quality features',
      'Profile and optimize client and server code so the game runs smoothly on phones, tablets and older computers',
      'Review code, mentor engineers and raise the bar for testing and readability across the team',
      'Partner with live services on networking, replication and anti-exploit measures',
      'Take part in launch planning and on-call rotations during major live events',
    ],
    requirements: [
      '6+ years of professional experience building games, with at least one shipped live title',
      'Strong skills in Lua or a similar scripting language, plus experience with a typed language such as C++, C# or TypeScript',
      'Solid understanding of client-server game architecture and authoritative server design',
      'A track record of shipping features that balance player delight with performance and maintainability',
      'Clear written and spoken communication and comfort working across disciplines',
      'Experience with user-generated content platforms or social games is a strong plus',
    ],
    benefits: [
      'Medical, dental and vision coverage for you and your dependents, with premiums fully paid for employees',
      '401(k) with a 4% company match',
      'Flexible paid time off plus a studio-wide winter break',
      'Annual $1,500 learning budget for courses, books and conferences',
      'Hybrid schedule with three in-studio days a week in Los Angeles',
      'Paid volunteer days to support the causes our community champions',
    ],
    status: 'active',
    createdAt: '2026-10-02T00:00:00.000Z',
  },
  {
    id: 2,
    slug: 'backend-engineer-live-services',
    title: 'Backend Engineer (Live Services)',
    department: 'Engineering',
    type: 'Full-time',
    ...REMOTE_IN_US_TIME_ZONES,
    salaryMin: 130_000,
    salaryMax: 160_000,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Build and run the services that keep Donation Plaza live, from leaderboards and event schedules to the gifting ledgers behind brand collaborations. ' +
      'When a charity stream or a holiday event sends traffic soaring, your systems are what keep things calm.' +
      '\n\n' +
      'You will join a remote-first live services team that owns everything behind the game client, from APIs and data stores to monitoring and ' +
      'incident response. We favor simple, well-tested services, clear runbooks and honest postmortems over heroics.' +
      '\n\n' +
      'Much of our work supports partners like the Marrow & Light Foundation and the Pixel Crown Awards, so reliability and accurate reporting ' +
      'matter to people well beyond our own players.',
    responsibilities: [
      'Design, build and operate backend services for events, leaderboards, player inventories and donation tracking',
      'Scale systems ahead of planned traffic spikes from live events and partner campaigns',
      'Own observability: metrics, dashboards, alerts and clear runbooks for every service you ship',
      'Build internal tools that let the events team schedule content and rewards without engineering help',
      'Lead or contribute to incident response and write blameless postmortems',
      'Work with gameplay engineers to define clean, versioned APIs between client and server',
    ],
    requirements: [
      '4+ years of experience building and operating production backend services',
      'Proficiency in TypeScript, Go or a similar language used for web services',
      'Hands-on experience with relational databases, caching and message queues',
      'Familiarity with cloud infrastructure, containers and infrastructure as code',
      'Comfort working asynchronously across time zones with strong written communication',
      'Experience with game backends, payments or ledger-style data is a plus',
    ],
    benefits: [
      'Fully remote role with core collaboration hours in US time zones',
      'Medical, dental and vision coverage with employee premiums fully paid',
      '401(k) with a 4% company match',
      '$1,000 home office stipend plus a monthly internet allowance',
      'Flexible paid time off and paid parental leave',
      'Twice-yearly team gatherings in Los Angeles, travel covered',
    ],
    status: 'active',
    createdAt: '2026-09-14T00:00:00.000Z',
  },
  {
    id: 3,
    slug: 'tools-and-pipeline-engineer',
    title: 'Tools & Pipeline Engineer',
    department: 'Engineering',
    type: 'Contract',
    city: '',
    region: '',
    country: '',
    remote: true,
    remoteCountries: ['US', 'CA'],
    remoteTimeZones: '',
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Make it faster and friendlier for our artists, designers and event planners to get their work into the game. ' +
      'This six-month contract focuses on the build, import and publishing pipeline behind Donation Plaza and our partner experiences.' +
      '\n\n' +
      'You will talk to the people who use our tools every day, find the slowest and most error-prone steps, and replace them with reliable ' +
      'automation. Expect to work on asset validation, batch processing, release tooling and small editor plugins.' +
      '\n\n' +
      'The right person enjoys unglamorous problems, writes clear documentation and measures success by how much time the rest of the studio gets back.',
    responsibilities: [
      'Audit the current asset and release pipeline and propose a prioritized plan of improvements',
      'Build validation tools that catch broken meshes, missing textures and naming mistakes before they reach the game',
      'Automate packaging and publishing steps for weekly updates and seasonal events',
      'Create lightweight editor plugins that speed up common tasks for artists and designers',
      'Write clear documentation and run short training sessions for each tool you ship',
      'Hand off all work with tests and notes so the in-house team can maintain it after the contract',
    ],
    requirements: [
      '3+ years building tools or pipelines for games, film or animation',
      'Strong scripting skills in Python, Lua or TypeScript',
      'Experience working with 3D asset formats and digital content creation tools',
      'Familiarity with continuous integration systems and version control workflows',
      'A user-focused mindset and patience for gathering feedback from non-engineers',
      'Availability for at least four hours of overlap with Pacific time each weekday',
    ],
    benefits: [
      'Competitive hourly rate based on experience',
      'Fully remote with flexible scheduling around core overlap hours',
      'Six-month initial term with the possibility of extension or conversion',
      'Direct access to artists and designers who will use your tools',
      'Hardware and software licenses provided for the duration of the contract',
    ],
    status: 'closed',
    createdAt: '2026-06-18T00:00:00.000Z',
  },
]
