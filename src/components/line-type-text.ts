import { LINE_TYPES } from '../../contract/line-types';

// Its own module: the plan list on the home page needs only this, not the order summary's
// words (order, purchase, eSIM), which then stay out of the dictionary home loads first.
/** A plan's line type in words, or '' for a value this app does not know (never the raw value). */
export function lineTypeText(t: (key: string) => string, lineType: string | undefined): string {
  return (LINE_TYPES as readonly string[]).includes(lineType ?? '') ? t(`home.lineType.${lineType}`) : '';
}
