/**
 * The privacy notice for applicants, linked from the application form. `{days}` is the retention period
 * the server is configured with (APPLICATION_RETENTION_DAYS); `{email}` the careers address. Not in
 * site.ts: all of that module is in the script every page loads.
 */
export const applicantPrivacy = {
  title: 'Privacy notice for applicants',
  sections: [
    {
      heading: 'What we collect',
      text: 'The details you give us in the application form: your name, email address and the optional contact details and links, your cover letter, and your resume as text, as a file, or both.',
    },
    {
      heading: 'Why',
      text: 'Only to consider you for the role you applied to and to contact you about it. We do not sell it, share it with advertisers or use it for anything else.',
    },
    {
      heading: 'Who sees it',
      text: 'The people at the studio who hire for the role. Your application is stored on our own servers; the hiring team gets an email saying that you applied, with a link to it, and you get a confirmation with your reference number.',
    },
    {
      heading: 'How long we keep it',
      text: 'Applications and resume files are deleted automatically {days} days after they arrive, whatever their outcome. If you ticked "Keep me in mind for future roles", yours is kept for {keptDays} days instead, so that we can write to you about other roles; that choice is yours alone and changes nothing for the role you applied to.',
    },
    {
      heading: 'Your choices',
      text: 'Write to {email} with your reference number to see what we hold about you, to correct it, or to have your application deleted sooner.',
    },
  ],
} as const

/** The same notice's part for newsletter subscribers (the subscribe form links to it: /privacy#newsletter). */
export const subscriberPrivacy = {
  heading: 'If you subscribe to our news',
  text: 'We keep your email address, the name you gave if any, and the tags you chose, only to email you new posts. An address is kept once you confirm it from the email we send; one never confirmed is deleted after {confirmDays} days. Every email has a link to change your choices and a link that unsubscribes you at once, which deletes your address (as does asking us to delete it); we keep only a coded form of it (its SHA-256 hash), so that a list we import cannot add you again (subscribing again yourself removes it). Nobody else gets your address.',
} as const

/** The same notice's part for every visitor: what the site's own analytics count (/privacy#analytics). */
export const visitorPrivacy = {
  heading: 'What we count when you visit',
  text: "We count visits ourselves, without cookies and without any other company: the page, the site you came from, the campaign in the link if any, and the kind of device, browser and operating system. To tell visitors apart for one day, your browser is given a code made from a random value that is deleted at the end of the day, so the code cannot be traced back to you the next day or later; your address and your browser's description are never stored. At the end of each day only the day's totals are kept, and they are deleted after the period the studio has set (two years unless it chose otherwise). Browsers that send Global Privacy Control or Do Not Track are not counted at all.",
} as const
