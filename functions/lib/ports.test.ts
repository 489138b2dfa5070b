// Ports: the AWS default made once on first use (a failure retried), a configured adapter instead
// of it, and back to the default.
import { definePort } from './ports';

describe('definePort', () => {
  it('makes the default once, on first use, and hands the same adapter to concurrent callers', async () => {
    let made = 0;
    const port = definePort('test', async () => ({ id: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([port.use(), port.use()]);
    expect(a).toBe(b);
    expect(await port.use()).toBe(a);
    expect(made).toBe(1);
    expect(port.configured).toBe(false);
  });

  it('does not keep a failed default: the next use tries again', async () => {
    let calls = 0;
    const port = definePort('flaky', () => {
      calls += 1;
      if (calls === 1) throw new Error('Missing environment variable X');
      return 'ok';
    });
    await expect(port.use()).rejects.toThrow('Missing environment variable X');
    await expect(port.use()).resolves.toBe('ok');
  });

  it('uses the configured adapter without making the default, until reset', async () => {
    const makeDefault = jest.fn(() => 'aws');
    const port = definePort<string>('sms', makeDefault);
    port.configure('local');
    expect(port.configured).toBe(true);
    expect(await port.use()).toBe('local');
    expect(makeDefault).not.toHaveBeenCalled();
    port.reset();
    expect(port.configured).toBe(false);
    expect(await port.use()).toBe('aws');
  });

  it('refuses to configure nothing', () => {
    const port = definePort('events', () => ({}));
    expect(() => port.configure(undefined as never)).toThrow('Port events: configure() needs an adapter');
  });
});
