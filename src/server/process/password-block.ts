/** The generated password as a plain block for a person reading the start-up output, not for a log parser. */
export function generatedPasswordBlock(password: string): string {
  const rule = '='.repeat(64)
  return [
    '',
    rule,
    "  No ADMIN_PASSWORD was set: the owner's password was generated.",
    '',
    `  Administrator password: ${password}`,
    '',
    '  It is shown this once. Sign in at /admin/login, then change it there',
    '  or with `bun run admin:password`.',
    rule,
    '',
    '',
  ].join('\n')
}
