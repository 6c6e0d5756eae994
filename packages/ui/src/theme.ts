import { Badge, createTheme, Modal, v8CssVariablesResolver, type DrawerProps } from '@mantine/core';

export const PRODUCT_NAME = 'VenueDesk';

/** Calm, professional look shared by the shell and every remote. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above WCAG AA contrast (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  components: {
    // Mantine's close buttons are an unlabelled ×; screen readers need a name (axe button-name).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // Written out rather than as `Drawer.extend(…)` (which only returns its argument): the theme is
    // in the kit every page loads, the sign-in page too, and naming Drawer here sent its code there
    // (2 kB gzipped), where only the narrow layout's menu uses it.
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close details' } } satisfies Partial<DrawerProps>,
    },
    // A badge is never narrower than its words (issue 24 item 13): Mantine clips its label with
    // an ellipsis, and a table column or a row of flex items squeezed it to "UN…" or "OVERDUE …".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content', flexShrink: 0 } } }),
  },
});

/**
 * Mantine 9's colour variables as Mantine 8 wrote them (decision 65). Mantine 9 draws the light
 * variant as shade-9 text on shade 1, and shade 2 when hovered: under WCAG AA's 4.5:1 for several
 * default colours (teal, green, orange, lime and yellow at rest, indigo and blue hovered). Mantine 8's
 * light variant is a 10–12 % tint of the colour, which the shell's global.css gives darker text,
 * each pair checked by axe on every page. Every MantineProvider takes this.
 */
export const cssVariablesResolver = v8CssVariablesResolver;
