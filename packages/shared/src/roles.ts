/** Roles of spec point 6. Staff are admin, editor and author; "user" is an ordinary reader account. */
export const roles = ["admin", "editor", "author", "user"] as const;
export type Role = (typeof roles)[number];
export const staffRoles = ["admin", "editor", "author"] as const satisfies readonly Role[];
export const editorRoles = ["admin", "editor"] as const satisfies readonly Role[];

type MaybeUser = { role?: string | null } | null | undefined;

export function isAdmin(user: MaybeUser): boolean {
  return user?.role === "admin";
}

/** Spec: "isEditor means admin or editor". */
export function isEditor(user: MaybeUser): boolean {
  return user?.role === "admin" || user?.role === "editor";
}

export function isStaff(user: MaybeUser): boolean {
  return isEditor(user) || user?.role === "author";
}

export function hasRole(user: MaybeUser, allowed: readonly string[]): boolean {
  return !!user?.role && allowed.includes(user.role);
}

/** "admin or editor" style list used in 'You need {roles} privileges' messages. */
export function describeRoles(allowed: readonly string[]): string {
  if (allowed.length <= 1) return allowed.join("");
  return `${allowed.slice(0, -1).join(", ")} or ${allowed[allowed.length - 1]}`;
}
