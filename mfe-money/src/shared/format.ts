/** Every money figure, date and time on these screens goes through the tenant's settings. */
export { useFormat, type Formatters } from '@venue/ui/use-format';
