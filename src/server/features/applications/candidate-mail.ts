/** Email, when an SMTP server is configured: the domain of the Message-IDs, and how to wake the sender. */
export interface CandidateMail {
  domain: string
  /** Where replies go when the staff member writing has no address of their own. */
  hiringEmail: string
  wake(): void
}
