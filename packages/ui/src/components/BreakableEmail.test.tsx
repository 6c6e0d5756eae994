import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { BreakableEmail, emailParts } from '@venue/ui/breakable-email';

describe('BreakableEmail', () => {
  it('lets a line break only after the "@" and before each "."', () => {
    expect(emailParts('events@harbourrotary.example.org')).toEqual([
      'events@',
      'harbourrotary',
      '.example',
      '.org',
    ]);
    expect(emailParts('sofia.rossi@example.com')).toEqual(['sofia', '.rossi@', 'example', '.com']);
    expect(emailParts('plain')).toEqual(['plain']);
    expect(emailParts('')).toEqual([]);
  });

  it('reads, copies and finds as the whole address, with a break opportunity between the parts', () => {
    const { container } = render(<BreakableEmail email="events@harbourrotary.example.org" />);
    expect(container.textContent).toBe('events@harbourrotary.example.org');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.innerHTML).toBe(
      '<span style="overflow-wrap: anywhere;">events@<wbr>harbourrotary<wbr>.example<wbr>.org</span>',
    );
  });
});
