import { useQuery } from '@tanstack/react-query'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { adminQueries } from '../admin-queries'
import { LoadError } from '../load-error'
import { AuditLogList } from './audit-log-list'
import { PasskeysList } from './passkeys-list'
import { PasswordChangeForm } from './password-change-form'
import { ProfileForm } from './profile-form'
import { SessionsList } from './sessions-list'
import { TwoFactorSettings } from './two-factor-settings'

/**
 * The Security tab: the person's two-factor sign-in, password and signed-in sessions (everyone's, for those
 * who manage the staff), and the activity log for those who may read it.
 */
export function SecurityPanel({ showAudit }: { showAudit: boolean }) {
  const status = useQuery(adminQueries.security())
  if (status.isPending) return <LoadingSkeleton label="Loading security settings..." lines={4} />
  if (status.isError)
    return (
      <LoadError
        title="Error loading security settings"
        message="There was a problem loading the security settings. Please try again."
        onRetry={() => void status.refetch()}
      />
    )
  const { enabled: twoFactor, recoveryCodesLeft } = status.data
  return (
    <div className="security-panel">
      <ProfileForm />
      <TwoFactorSettings enabled={twoFactor} recoveryCodesLeft={recoveryCodesLeft} />
      <PasskeysList twoFactor={twoFactor} />
      <PasswordChangeForm twoFactor={twoFactor} />
      <SessionsList twoFactor={twoFactor} />
      {showAudit && <AuditLogList />}
    </div>
  )
}
