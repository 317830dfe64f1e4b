import { describe, expect, it } from 'vitest';
import { formatWhatsAppText, messageText } from './format';

const html = (text: string) => {
  const div = document.createElement('div');
  div.append(...formatWhatsAppText(text));
  return div.innerHTML;
};

describe('widget text formatting', () => {
  it('renders WhatsApp bold, italic, strikethrough and monospace', () => {
    expect(html('*Ana Souza:*\nHello')).toBe('<strong>Ana Souza:</strong>\nHello');
    expect(html('*1* - Sales')).toBe('<strong>1</strong> - Sales');
    expect(html('an _important_ ~old~ note')).toBe('an <em>important</em> <s>old</s> note');
    expect(html('run ```npm *ci*``` now')).toBe('run <code>npm *ci*</code> now');
    expect(html('*bold _and italic_*')).toBe('<strong>bold <em>and italic</em></strong>');
  });

  it('leaves markers that are not formatting as typed', () => {
    expect(html('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
    expect(html('* not bold *')).toBe('* not bold *');
  });

  it('never parses text as HTML; only safe links become links', () => {
    expect(html('<img src=x onerror=alert(1)> *<b>x</b>*')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <strong>&lt;b&gt;x&lt;/b&gt;</strong>',
    );
    expect(html('see https://example.com/a_b_c.')).toBe(
      'see <a href="https://example.com/a_b_c" target="_blank" rel="noopener noreferrer">https://example.com/a_b_c</a>.',
    );
    expect(html('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('widget message text', () => {
  it('puts a caption in a block of its own, and skips a captionless file name', () => {
    const caption = messageText({ body: 'The *invoice*', mediaUrl: '/m/1', mediaName: 'invoice.pdf' });
    expect(caption?.tagName).toBe('DIV');
    expect(caption?.innerHTML).toBe('The <strong>invoice</strong>');
    expect(messageText({ body: 'invoice.pdf', mediaUrl: '/m/1', mediaName: 'invoice.pdf' })).toBeNull();
    expect(messageText({ body: '', mediaUrl: null, mediaName: null })).toBeNull();
  });
});
