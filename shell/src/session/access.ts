import { findPage, hasPermission, type MenuItem, type PageDef } from '@venue/contracts';

export interface Principal {
  role: string;
  permissions: readonly string[];
}

/**
 * The one access rule for routes and menu (spec 01 §6): role-bound pages check the role,
 * other pages their permission key (super admin and hall owner pass; a sub-user needs the key).
 * A super admin has no venue: the pages of one venue's records are not its (issue 24 item 15;
 * the services answer its own, empty tenant there, or refuse the writes).
 */
export function canAccessPage(page: PageDef, principal: Principal | null): boolean {
  if (!principal) return false;
  if (isVenuePageForSuperAdmin(page, principal)) return false;
  if (page.roles) return (page.roles as readonly string[]).includes(principal.role);
  if (!page.permission) return true;
  return hasPermission(principal, page.permission);
}

function canSee(path: string | undefined, principal: Principal): boolean {
  const page = path ? findPage(path) : undefined;
  return page ? canAccessPage(page, principal) : false;
}

/** The side menu this principal sees: groups appear when any child is allowed. */
export function visibleMenu(menu: readonly MenuItem[], principal: Principal): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = item.children.filter((child) => canSee(child.path, principal));
      if (children.length) out.push({ ...item, children });
    } else if (canSee(item.path, principal)) {
      out.push(item);
    }
  }
  return out;
}

/** A page of one venue's records asked for by a super admin, who has no venue. */
export function isVenuePageForSuperAdmin(page: PageDef, principal: Principal | null): boolean {
  return Boolean(page.venueOnly) && principal?.role === 'super_admin';
}
