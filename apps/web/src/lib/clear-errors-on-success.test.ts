import { describe, expect, it } from 'vitest';
import { toast } from 'sonner';
import { clearErrorsOnSuccess } from './clear-errors-on-success';

const shownTitles = () => toast.getToasts().map((shown) => ('title' in shown ? shown.title : null));

describe('clearErrorsOnSuccess', () => {
  it('dismisses stacked error toasts when a success toast arrives, and keeps other toasts', () => {
    clearErrorsOnSuccess();
    clearErrorsOnSuccess();
    toast.error('Message not sent');
    toast.error('Message not sent');
    toast.info('Heads up');
    expect(shownTitles()).toEqual(['Message not sent', 'Message not sent', 'Heads up']);
    toast.success('Message sent!');
    expect(shownTitles()).toEqual(['Heads up', 'Message sent!']);
  });
});
