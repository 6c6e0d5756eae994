/** Size in KB as the Send Email attachment list shows it (spec 02 §2.10). */
export function sizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Money, dates and times in the tenant's settings (spec 01 §9). */
export { useFormat as useCommsFormat, type Formatters as CommsFormat } from '@venue/ui/use-format';
