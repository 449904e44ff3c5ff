import { ASSIGNABLE_ROLES, OWNER_ID, ROLE_LABELS, type Role, type StaffMember } from '../../../../shared/staff'

export type StaffAction =
  | { kind: 'role'; role: Role }
  | { kind: 'suspend' }
  | { kind: 'reactivate' }
  | { kind: 'remove' }
  | { kind: 'reset' }
  | { kind: 'resend' }
  | { kind: 'withdraw' }

const STATE_LABELS = { invited: 'Invited', active: 'Active', suspended: 'Suspended' } as const

/** One person: their role (a menu, for anyone but the owner and oneself), state and what can be done. */
export function StaffRow({
  person,
  isSelf,
  busy,
  onAction,
}: {
  person: StaffMember
  isSelf: boolean
  busy: boolean
  onAction: (action: StaffAction) => void
}) {
  const fixed = person.id === OWNER_ID || isSelf
  const who = person.name || person.email
  return (
    <tr data-staff={person.email}>
      <th scope="row" className="admin-table__title">
        {person.name || <span className="admin-table__muted">Not joined yet</span>}
        {isSelf && <span className="badge badge--current">You</span>}
      </th>
      <td>{person.email || '—'}</td>
      <td>
        {fixed ? (
          ROLE_LABELS[person.role]
        ) : (
          <select
            className="staff-role"
            aria-label={`Role of ${who}`}
            value={person.role}
            disabled={busy}
            onChange={(event) => onAction({ kind: 'role', role: event.target.value as Role })}
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        <span className={`badge badge--${person.state}`}>{STATE_LABELS[person.state]}</span>
      </td>
      <td className="admin-table__actions">
        {!fixed && person.state === 'invited' && (
          <>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => onAction({ kind: 'resend' })}
            >
              Resend<span className="visually-hidden"> the invitation to {who}</span>
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => onAction({ kind: 'withdraw' })}
            >
              Withdraw<span className="visually-hidden"> the invitation to {who}</span>
            </button>
          </>
        )}
        {!fixed && person.state !== 'invited' && (
          <>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => onAction({ kind: person.state === 'active' ? 'suspend' : 'reactivate' })}
            >
              {person.state === 'active' ? 'Suspend' : 'Reactivate'}
              <span className="visually-hidden"> {who}</span>
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              disabled={busy}
              onClick={() => onAction({ kind: 'remove' })}
            >
              Remove<span className="visually-hidden"> {who}</span>
            </button>
          </>
        )}
      </td>
    </tr>
  )
}
