import { UrlTextSync, withParam } from './url-text-sync';

describe('UrlTextSync', () => {
  it('takes its own writes back, even when the router skips some of them, and keeps typing going', () => {
    const sync = new UrlTextSync('');
    expect(sync.write('Ke')).toBe('push');
    expect(sync.write('Keyb')).toBe('replace');
    expect(sync.write('Keyboard')).toBe('replace');
    // The router renders 'Ke', then (batched) 'Keyboard': neither is someone else's.
    expect(sync.arrived('Ke')).toBe('own');
    expect(sync.arrived('Keyboard')).toBe('own');
    expect(sync.latest()).toBe('Keyboard');
  });

  it('writes nothing when the address has, or is about to have, the value', () => {
    const sync = new UrlTextSync('detector');
    expect(sync.write('detector')).toBeNull();
    expect(sync.write('detect')).toBe('push');
    expect(sync.write('detect')).toBeNull();
  });

  it('adds one history entry per search: the next after Enter or leaving the box', () => {
    const sync = new UrlTextSync('');
    expect(sync.write('a')).toBe('push');
    expect(sync.write('ab')).toBe('replace');
    sync.endEdit();
    expect(sync.write('abc')).toBe('push');
    expect(sync.write('')).toBe('replace');
  });

  it('tells Back, Forward and links from its own writes, and forgets writes they overtook', () => {
    const sync = new UrlTextSync('first');
    expect(sync.write('second')).toBe('push');
    expect(sync.arrived('second')).toBe('own');
    expect(sync.arrived('first')).toBe('external'); // Back
    expect(sync.latest()).toBe('first');
    // A new search after Back is a new history entry.
    expect(sync.write('third')).toBe('push');
    expect(sync.arrived('linked')).toBe('external'); // a link, before 'third' was seen
    expect(sync.latest()).toBe('linked');
    expect(sync.write('third')).toBe('push');
  });

  it('is not fooled by a render for another parameter while its write is on the way', () => {
    const sync = new UrlTextSync('a');
    sync.write('ab');
    expect(sync.arrived('a')).toBe('own');
    expect(sync.arrived('ab')).toBe('own');
  });
});

describe('withParam', () => {
  it('sets or removes one parameter and keeps the others', () => {
    expect(withParam('?status=pending&q=old', 'q', 'new text')).toBe('?status=pending&q=new+text');
    expect(withParam('?status=pending&q=old', 'q', '')).toBe('?status=pending');
    expect(withParam('?q=old', 'q', '')).toBe('');
    expect(withParam('', 'q', 'café & co')).toBe('?q=caf%C3%A9+%26+co');
  });

  it('forgets writes that Back went past before they were drawn', () => {
    const sync = new UrlTextSync('detector');
    sync.endEdit();
    expect(sync.write('zzz')).toBe('push');
    // Back at once: the router draws 'detector' again, the value it last drew; 'zzz' never comes.
    expect(sync.arrived('detector')).toBe('own');
    expect(sync.latest()).toBe('zzz'); // what the hook compares with the address, which says 'detector'
    sync.adopt('detector');
    expect(sync.latest()).toBe('detector');
    expect(sync.write('detector')).toBeNull();
    expect(sync.write('detector 2')).toBe('push');
  });
});
