/**
 * Proposes `admin` when the records show it: boolean flags (`is_admin`, `isAdmin`, `admin`,
 * `is_owner`, `superAdmin`) joined with `or`, else a role key (`role`, `role_name`, `user_role`)
 * compared with the admin-like roles seen (`admin`, `owner`, `Administrator`...). GitHub's
 * `site_admin` marks GitHub staff, not admins of the organization, so it is not used.
 */
import type { RecordSample, ScalarField } from './collect-field-stats.js';
import { isForeignPath, type FieldProposal, type SkippedField } from './field-proposal.js';
import { normalizeKey } from './jq-path.js';

const ADMIN_FLAGS = new Set(['isadmin', 'admin', 'isowner', 'superadmin', 'issuperadmin', 'isaccountowner', 'isaccountadmin']);
const ROLE_KEYS = new Set(['role', 'rolename', 'userrole', 'accountrole', 'membershiprole']);
const ADMIN_ROLE = /^(admin|administrator|owner|accountowner|account_owner|superadmin|super_admin|orgadmin|org_admin|globaladmin|global_admin)$/iu;
const IGNORED_FLAGS = new Set(['siteadmin']);

function usable(field: ScalarField): boolean {
  return field.path.length <= 2 && !isForeignPath(field.path) && field.present > 0;
}

export function proposeAdmin(sample: RecordSample): FieldProposal | SkippedField {
  const scalars = sample.fields.filter((field): field is ScalarField => field.kind === 'scalar' && usable(field));
  const lastKey = (field: ScalarField): string => normalizeKey(field.path.at(-1) ?? '');
  const ignored = scalars.filter((field) => IGNORED_FLAGS.has(lastKey(field))).map((field) => `${field.jq} (GitHub staff flag, not an account role)`);
  const flags = scalars.filter((field) => ADMIN_FLAGS.has(lastKey(field)) && field.booleans === field.present).slice(0, 3);
  const roles = scalars.filter((field) => ROLE_KEYS.has(lastKey(field)) && field.strings === field.present);
  if (flags.length > 0) {
    const expression = flags.map((field) => `${field.jq} == true`).join(' or ');
    const trueCount = (field: ScalarField): number => field.values.filter((value) => value === true).length;
    return {
      field: 'admin',
      expression,
      explanation: `Admin: boolean ${flags.map((field) => `\`${field.path.join('.')}\` (true in ${trueCount(field)}/${sample.total})`).join(' or ')}; missing counts as false.`,
      considered: [...roles.map((field) => `${field.jq}: role key, not needed next to the flags`), ...ignored],
    };
  }
  const role = roles[0];
  if (role) {
    const seen = [...new Set(role.values.map(String))];
    const adminLike = seen.filter((value) => ADMIN_ROLE.test(value));
    // The usual lower-case role names are added when the target spells roles in lower case, so an
    // owner absent from this sample is still an admin (as the incident platform treats owners).
    const lowerCase = seen.every((value) => value === value.toLowerCase());
    const compared = [...new Set([...adminLike, ...(lowerCase || adminLike.length === 0 ? ['admin', 'owner'] : [])])];
    const added = compared.filter((value) => !seen.includes(value));
    const path = role.jq;
    const unseen =
      added.length === 0
        ? ''
        : ` ${added.map((value) => `"${value}"`).join(' and ')} ${added.length === 1 ? 'is' : 'are'} not in the sample but ${added.length === 1 ? 'is a' : 'are'} usual admin role name${added.length === 1 ? '' : 's'}; check the target's own.`;
    return {
      field: 'admin',
      expression: compared.map((value) => `${path} == ${JSON.stringify(value)}`).join(' or '),
      explanation: `Admin: role key \`${role.path.join('.')}\` (values seen: ${seen.join(', ')}); admin when it is ${compared.join(' or ')}.${unseen}`,
      considered: [...roles.slice(1).map((field) => `${field.jq}: another role key`), ...ignored],
    };
  }
  return {
    field: 'admin',
    skipped: `no admin flag (is_admin, isAdmin, admin, is_owner) or role key in the records${ignored.length ? `; ignored ${ignored.join(', ')}` : ''}`,
  };
}
