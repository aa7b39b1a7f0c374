import type { ComponentPropsWithoutRef } from 'react';

/**
 * A checkbox whose form always sends its field, so a plain POST can say "off": a hidden "0"
 * before it, then "1" when it is ticked (the last value is the choice). Other props go to
 * the checkbox.
 */
export function OnOffCheckbox({
  name,
  ...checkbox
}: { name: string } & Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'name' | 'value'>) {
  return (
    <>
      <input type="hidden" name={name} value="0" />
      <input {...checkbox} type="checkbox" name={name} value="1" />
    </>
  );
}
