/**
 * The catalogue's fixed values: styles and types exactly as the specification names them, and how each reads. No
 * schemas here (they are in services.ts): the first script of every page needs these values, and a schema in the same
 * module would bring zod with it (issue 27).
 */
export const styles = ['therapeutic', 'sensual'] as const;
export type Style = (typeof styles)[number];

export const typesByStyle = {
  therapeutic: ['swedish', 'deeptissue', 'both'],
  sensual: ['sensual', 'naturist', 'bodytobody'],
} as const satisfies Record<Style, readonly string[]>;

export const massageTypes = [...typesByStyle.therapeutic, ...typesByStyle.sensual] as const;
export type MassageType = (typeof massageTypes)[number];

/** Each type as the owner reads it on screen ('deeptissue' is a code, never shown). */
export const massageTypeLabels: Record<MassageType, string> = {
  swedish: 'Swedish',
  deeptissue: 'Deep tissue',
  both: 'Combo',
  sensual: 'Sensual',
  naturist: 'Naturist',
  bodytobody: 'Body to body',
};

export function styleOfType(type: MassageType): Style {
  return (typesByStyle.sensual as readonly string[]).includes(type) ? 'sensual' : 'therapeutic';
}

/**
 * Whether an add-on (add-ons.ts) is offered with a treatment of this type. Here, not there: the booking funnel in the
 * first script of every page asks it, and add-ons.ts holds schemas.
 */
export function addOnAppliesTo(
  addOn: { types: readonly string[]; archived: boolean },
  type: MassageType | string,
): boolean {
  return !addOn.archived && addOn.types.includes(type);
}
