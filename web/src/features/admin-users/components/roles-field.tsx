/**
 * The roles of a user as checkboxes (spec 6: CLIENT, the shop's staff role; ADMIN, the implied administrator
 * role, which manages users and warehouses), registered with react-hook-form as an array of role names.
 */
import { useTranslation } from '../../../lib/translation';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The role names of domain/user/permissions.ts `ROLES`, in the order the form lists them. */
export const ROLE_NAMES = ['ADMIN', 'CLIENT'] as const;

export function RolesField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('cms');
  return (
    <fieldset className="staff-field staff-roles" aria-describedby={error ? 'user-roles-error' : undefined}>
      <legend>{t('admin.users.roles')}</legend>
      {ROLE_NAMES.map((role) => (
        <label key={role} className="staff-check">
          <input type="checkbox" value={role} {...registration} />
          <span>
            <strong>{t(`admin.users.role.${role}`)}</strong> <span className="muted">{t(`admin.users.roleHint.${role}`)}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="user-roles-error" className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A role's label, or the name itself for a role this screen does not know. */
export function roleLabel(t: (key: string) => string, role: string): string {
  return (ROLE_NAMES as readonly string[]).includes(role) ? t(`admin.users.role.${role}`) : role;
}
