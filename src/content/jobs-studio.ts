import { ON_SITE_IN_LOS_ANGELES, REMOTE_IN_US_TIME_ZONES } from './job-locations'
import type { SeedJob } from './seed-job'

/** The bundled art, community and production roles (ids 4–7), in the order the careers page lists them. */
export const studioJobs: SeedJob[] = [
  {
    id: 4,
    slug: '3d-environment-artist',
    title: '3D Environment Artist',
    department: 'Art & Animation',
    type: 'Full-time',
    ...REMOTE_IN_US_TIME_ZONES,
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
    ...ON_SITE_IN_LOS_ANGELES,
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
    ...REMOTE_IN_US_TIME_ZONES,
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
    ...ON_SITE_IN_LOS_ANGELES,
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
