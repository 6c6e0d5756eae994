/**
 * An e-mail's HTML as the customer's mail program shows it. The frame is sandboxed with no
 * permissions at all: no scripts, no forms, no navigation of this page, its own origin, so mail
 * content (a customer's name is in it) can never act in the back office.
 */
export function MailFrame({ html, title, height = 360 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    />
  );
}
