import { taskBackLink, taskLinkState } from './back-link';

describe("a task's back link", () => {
  it('returns to the property page (its task list) when the task was opened from it', () => {
    expect(taskBackLink(taskLinkState('01JPROP'), '/tasks')).toEqual({ to: '/properties/01JPROP#tasks', label: 'backToProperty' });
  });

  it('returns to the task list otherwise, whatever the history state holds', () => {
    for (const state of [null, undefined, {}, 'x', { fromProperty: '' }, { fromProperty: 42 }]) {
      expect(taskBackLink(state, '/tasks')).toEqual({ to: '/tasks', label: 'back' });
    }
  });

  it('keeps an odd id inside the property path', () => {
    expect(taskBackLink({ fromProperty: '../admin?x#y' }, '/tasks').to).toBe('/properties/..%2Fadmin%3Fx%23y#tasks');
  });
});
