import type { JobFields, JobStatus } from '../shared/jobs'

/** A bundled job: seeded into the database once, at the first start (src/server/features/jobs/seed.ts). */
export interface SeedJob extends JobFields {
  /** Kept as the row's id: applications stored before jobs moved to the database name their job by it. */
  id: number
  status: JobStatus
  createdAt: string
}

export const jobs: SeedJob[] = [
  {
    id: 1,
    slug: 'senior-gameplay-engineer',
    title: 'Senior Gameplay Engineer',
    department: 'Engineering',
    type: 'Full-time',
    city: 'Los Angeles',
    region: 'CA',
    country: 'US',
    remote: false,
    remoteCountries: [],
    remoteTimeZones: '',
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
    city: '',
    region: '',
    country: '',
    remote: true,
    remoteCountries: ['US'],
    remoteTimeZones: 'US time zones',
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
  {
    id: 4,
    slug: '3d-environment-artist',
    title: '3D Environment Artist',
    department: 'Art & Animation',
    type: 'Full-time',
    city: '',
    region: '',
    country: '',
    remote: true,
    remoteCountries: ['US'],
    remoteTimeZones: 'US time zones',
    salaryMin: 95_000,
    salaryMax: 120_000,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Create the cozy, colorful spaces where players gather in Donation Plaza, from the main square to limited-time event islands. ' +
      'You will take environments from blockout to final polish, balancing charm and readability with strict performance budgets.' +
      '\n\n' +
      'Our art team works closely with partners, so one month you might be building a toy workshop with Tumbletop Toys and the next a ' +
      'concert stage for The Paper Comets. Each space has to feel true to the partner while still feeling like home for our players.' +
      '\n\n' +
      'We value artists who share work early, welcome feedback and enjoy helping teammates grow.',
    responsibilities: [
      'Model, texture and light environments and props for the main game and seasonal events',
      'Turn concept art and partner brand guides into playable spaces that stay within memory and triangle budgets',
      'Collaborate with designers on layout, sight lines and player flow',
      'Build reusable modular kits that let the team assemble new event spaces quickly',
      'Give and receive constructive feedback in regular art reviews',
      'Help maintain the art style guide and technical standards for environments',
    ],
    requirements: [
      'A portfolio showing stylized 3D environments, ideally including shipped game work',
      '3+ years of experience as an environment or prop artist',
      'Strong skills in a major 3D modeling package and a texturing tool',
      'Understanding of real-time lighting, UV layout and optimization for low-end hardware',
      'A good eye for color, shape language and composition',
      'Experience working with external brand partners or licensed content is a plus',
    ],
    benefits: [
      'Fully remote with core collaboration hours in US time zones',
      'Medical, dental and vision coverage with employee premiums fully paid',
      '401(k) with a 4% company match',
      'Annual art supplies and software budget',
      'Flexible paid time off and a studio-wide winter break',
      'Portfolio credit on every event and collaboration you help ship',
    ],
    status: 'active',
    createdAt: '2026-08-05T00:00:00.000Z',
  },
  {
    id: 5,
    slug: 'animation-intern',
    title: 'Animation Intern',
    department: 'Art & Animation',
    type: 'Internship',
    city: 'Los Angeles',
    region: 'CA',
    country: 'US',
    remote: false,
    remoteCountries: [],
    remoteTimeZones: '',
    salaryMin: 24,
    salaryMax: 28,
    salaryCurrency: 'USD',
    salaryUnit: 'HOUR',
    description:
      'Spend twelve weeks animating characters, emotes and celebrations that real players will see in Donation Plaza. ' +
      'This paid internship is built for students and recent graduates who want hands-on experience on a live game.' +
      '\n\n' +
      'You will be paired with a senior animator as your mentor and will own a small set of animations from first pass to in-game implementation. ' +
      'Along the way you will sit in on art reviews, event planning and a partner meeting or two, so you see how a live studio really works.' +
      '\n\n' +
      'Interns who finish strong leave with shipped work for their reel and a clear picture of what a career in game animation looks like.',
    responsibilities: [
      'Animate character emotes, reactions and celebration moments for upcoming events',
      'Import, set up and test animations in the game engine with help from your mentor',
      'Iterate on your work based on feedback from animation and design leads',
      'Take part in weekly art reviews and share progress with the team',
      'Document your process so future interns can learn from your work',
    ],
    requirements: [
      'Currently enrolled in or recently graduated from an animation, game art or related program',
      'A reel showing character animation with a clear sense of timing and appeal',
      'Working knowledge of at least one major 3D animation package',
      'Curiosity about games and interest in how animation supports gameplay',
      'Ability to work on site in Los Angeles for the full twelve-week program',
    ],
    benefits: [
      'Paid hourly internship for twelve weeks',
      'One-on-one mentorship from a senior animator',
      'Shipped, credited work for your reel',
      'Lunch provided on in-studio days',
      'Transit stipend for commuting to the studio',
      'Portfolio review and career guidance at the end of the program',
    ],
    status: 'active',
    createdAt: '2026-11-03T00:00:00.000Z',
  },
  {
    id: 6,
    slug: 'community-events-manager',
    title: 'Community Events Manager',
    department: 'Community',
    type: 'Full-time',
    city: '',
    region: '',
    country: '',
    remote: true,
    remoteCountries: ['US'],
    remoteTimeZones: 'US time zones',
    salaryMin: 85_000,
    salaryMax: 105_000,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Lead the live events that bring the Donation Plaza community together, from charity weekends to creator showcases and holiday celebrations. ' +
      'You will plan each event end to end and be the voice players hear when something special is happening.' +
      '\n\n' +
      'This role sits between players, our development team and partners such as the Marrow & Light Foundation, Button & Bean and the Pixel Crown Awards. ' +
      'You will shape event ideas, line up schedules and rewards, brief creators and moderators, and report on what worked afterward.' +
      '\n\n' +
      'Our community skews young and generous, so we are looking for someone who leads with kindness, sound judgment and a strong sense of safety.',
    responsibilities: [
      'Plan and run a year-round calendar of in-game events, charity drives and partner collaborations',
      'Coordinate with game, art and live services teams on event content, timing and rewards',
      'Act as the day-to-day contact for partner organizations during campaigns',
      'Recruit, brief and support creators, hosts and volunteer moderators',
      'Write clear event announcements, rules and recap posts for our community channels',
      'Track participation and donation results and share learnings with the studio',
    ],
    requirements: [
      '3+ years of experience in community management, live events or creator partnerships, ideally in games',
      'Proven ability to manage several projects and stakeholders at once',
      'Excellent writing skills and a warm, clear voice for a broad and young audience',
      'Good judgment around moderation, player safety and sensitive topics',
      'Comfort working some evenings and weekends during major events, with time off to balance',
      'Experience running charity or fundraising campaigns is a strong plus',
    ],
    benefits: [
      'Fully remote with core collaboration hours in US time zones',
      'Medical, dental and vision coverage with employee premiums fully paid',
      '401(k) with a 4% company match',
      'Comp time after every major weekend event',
      'Flexible paid time off and paid parental leave',
      'Travel covered for partner events and industry shows',
    ],
    status: 'active',
    createdAt: '2026-10-20T00:00:00.000Z',
  },
  {
    id: 7,
    slug: 'associate-producer-brand-partnerships',
    title: 'Associate Producer, Brand Partnerships',
    department: 'Production',
    type: 'Full-time',
    city: 'Los Angeles',
    region: 'CA',
    country: 'US',
    remote: false,
    remoteCountries: [],
    remoteTimeZones: '',
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'USD',
    salaryUnit: 'YEAR',
    description:
      'Keep our brand collaborations on track, from the first kickoff call with a partner to the day their experience goes live in Donation Plaza. ' +
      'You will turn big ideas into realistic plans that our team can deliver with care.' +
      '\n\n' +
      'Working with a senior producer, you will manage schedules, approvals and feedback rounds for projects with partners like Tumbletop Toys, ' +
      'The Paper Comets and Button & Bean. You will keep art, engineering and community aligned and make sure nothing falls through the cracks.' +
      '\n\n' +
      'This is a great fit for an organized, calm communicator who wants to grow into a full producer role on a live game.',
    responsibilities: [
      'Build and maintain schedules for partner collaborations and seasonal content',
      'Run stand-ups, kickoff meetings and milestone reviews across disciplines',
      'Manage partner feedback and approval rounds and keep a clear record of decisions',
      'Identify risks early and help the team adjust scope to protect launch dates',
      'Prepare launch checklists and coordinate with community and live services on release day',
      'Gather post-launch results and run retrospectives with the team and partners',
    ],
    requirements: [
      '1-3 years of experience in production, project management or coordination, ideally in games or entertainment',
      'Strong organizational skills and comfort with task tracking and scheduling tools',
      'Clear, friendly communication with both internal teams and external partners',
      'Ability to stay calm and solution-focused when plans change',
      'Interest in live games, brand collaborations and community-driven content',
    ],
    benefits: [
      'Medical, dental and vision coverage with employee premiums fully paid',
      '401(k) with a 4% company match',
      'Hybrid schedule with three in-studio days a week in Los Angeles',
      'Mentorship from senior producers and a clear path toward a producer role',
      'Flexible paid time off and a studio-wide winter break',
      'Annual $1,500 learning budget for courses and certifications',
    ],
    status: 'active',
    createdAt: '2026-07-22T00:00:00.000Z',
  },
]
