import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../campaign';
import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_VALIDATION_MESSAGES,
  DEFAULT_NEW_CAMPAIGN_STATUS,
  EMPTY_CAMPAIGN_FORM,
  campaignFormFields,
  campaignFormValues,
  canSubmitCampaignForm,
  validateCampaignForm,
  type CampaignFormValues,
} from './campaign-form';

const VALID: CampaignFormValues = {
  title: 'Library Corners',
  description: 'Books and reading corners for 20 village schools.',
  status: 'active',
  is_featured: true,
  category: 'education',
  target_amount: '150000',
  offline_amount: '0',
  offline_donation_count: '0',
  start_date: '2026-11-01',
  end_date: '2027-03-31',
};

describe('constants', () => {
  it('labels every campaign status; new campaigns start as drafts', () => {
    expect(CAMPAIGN_STATUS_LABELS).toEqual({ active: 'Active', completed: 'Completed', paused: 'Paused', draft: 'Draft' });
    expect(Object.keys(CAMPAIGN_STATUS_LABELS).sort()).toEqual([...CAMPAIGN_STATUSES].sort());
    expect(DEFAULT_NEW_CAMPAIGN_STATUS).toBe('draft');
    expect(EMPTY_CAMPAIGN_FORM.status).toBe('draft');
  });

  it('offers the categories as slugs, "general" among them (the default)', () => {
    expect(CAMPAIGN_CATEGORIES).toEqual(['education', 'health', 'nutrition', 'family-support', 'child-protection', 'general']);
    for (const slug of CAMPAIGN_CATEGORIES) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(EMPTY_CAMPAIGN_FORM.category).toBe('general');
  });

  it('words the validation messages exactly', () => {
    expect(CAMPAIGN_VALIDATION_MESSAGES).toEqual({
      titleRequired: 'Campaign title is required',
      descriptionRequired: 'Campaign description is required',
      targetInvalid: 'Target amount must be greater than 0',
      endBeforeStart: 'End date must be after the start date',
      offlineAmountInvalid: 'Raised offline must be an amount of 0 or more',
      offlineCountInvalid: 'Offline donations must be a whole number of 0 or more',
    });
  });
});

describe('validateCampaignForm', () => {
  it('a complete form has no errors', () => {
    expect(validateCampaignForm(VALID)).toEqual({});
  });

  it('dates are optional', () => {
    expect(validateCampaignForm({ ...VALID, start_date: '', end_date: '' })).toEqual({});
    expect(validateCampaignForm({ ...VALID, start_date: '' })).toEqual({});
    expect(validateCampaignForm({ ...VALID, end_date: '' })).toEqual({});
  });

  it('the empty form: title, description and target are reported', () => {
    expect(validateCampaignForm(EMPTY_CAMPAIGN_FORM)).toEqual({
      title: 'Campaign title is required',
      description: 'Campaign description is required',
      target_amount: 'Target amount must be greater than 0',
    });
  });

  it('a title or description of spaces only is empty', () => {
    expect(validateCampaignForm({ ...VALID, title: '   ', description: '\n\t ' })).toEqual({
      title: 'Campaign title is required',
      description: 'Campaign description is required',
    });
  });

  it.each(['0', '-5', 'abc', '', '  ', 'NaN', 'Infinity'])('target %j is not greater than 0', (target) => {
    expect(validateCampaignForm({ ...VALID, target_amount: target })).toEqual({ target_amount: 'Target amount must be greater than 0' });
  });

  it.each(['1', '0.5', ' 2500 ', '150000'])('target %j is accepted', (target) => {
    expect(validateCampaignForm({ ...VALID, target_amount: target })).toEqual({});
  });

  it.each(['0', '', '486200', '2500.50'])('raised offline %j is accepted ("" is 0)', (amount) => {
    expect(validateCampaignForm({ ...VALID, offline_amount: amount })).toEqual({});
  });

  it.each(['-1', 'abc', 'Infinity'])('raised offline %j is refused', (amount) => {
    expect(validateCampaignForm({ ...VALID, offline_amount: amount })).toEqual({ offline_amount: 'Raised offline must be an amount of 0 or more' });
  });

  it.each(['-1', '2.5', 'ten', '1e3'])('offline donations %j is refused', (count) => {
    expect(validateCampaignForm({ ...VALID, offline_donation_count: count })).toEqual({
      offline_donation_count: 'Offline donations must be a whole number of 0 or more',
    });
  });

  it('the end date must be after the start date (the same day is not after it)', () => {
    expect(validateCampaignForm({ ...VALID, start_date: '2026-11-01', end_date: '2026-10-31' })).toEqual({
      end_date: 'End date must be after the start date',
    });
    expect(validateCampaignForm({ ...VALID, start_date: '2026-11-01', end_date: '2026-11-01' })).toEqual({
      end_date: 'End date must be after the start date',
    });
    expect(validateCampaignForm({ ...VALID, start_date: '2026-11-01', end_date: '2026-11-02' })).toEqual({});
  });
});

describe('canSubmitCampaignForm', () => {
  it('is enabled once title and description hold text', () => {
    expect(canSubmitCampaignForm({ title: '', description: '' })).toBe(false);
    expect(canSubmitCampaignForm({ title: 'A', description: '' })).toBe(false);
    expect(canSubmitCampaignForm({ title: '  ', description: 'B' })).toBe(false);
    expect(canSubmitCampaignForm({ title: 'A', description: 'B' })).toBe(true);
  });
});

describe('campaignFormValues (edit: from the API campaign)', () => {
  it('fills the form from a campaign of the API, dates as their UTC day', () => {
    expect(
      campaignFormValues({
        title: 'Library Corners',
        description: 'Books',
        status: 'paused',
        is_featured: true,
        category: 'education',
        target_amount: 150000,
        offline_amount: '486200.00',
        offline_donation_count: 31,
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2027-03-31T00:00:00.000Z',
      }),
    ).toEqual({
      title: 'Library Corners',
      description: 'Books',
      status: 'paused',
      is_featured: true,
      category: 'education',
      target_amount: '150000',
      offline_amount: '486200',
      offline_donation_count: '31',
      start_date: '2026-11-01',
      end_date: '2027-03-31',
    });
  });

  it('fills gaps with safe defaults: draft, not featured, general, empty target and dates', () => {
    expect(campaignFormValues({})).toEqual(EMPTY_CAMPAIGN_FORM);
    expect(
      campaignFormValues({ title: null, description: null, status: 'archived', is_featured: null, category: '', target_amount: null, start_date: null, end_date: null }),
    ).toEqual(EMPTY_CAMPAIGN_FORM);
  });

  it('reads a numeric string target (PostgreSQL NUMERIC) and drops one that is not a number', () => {
    expect(campaignFormValues({ target_amount: '2500.50' }).target_amount).toBe('2500.5');
    expect(campaignFormValues({ target_amount: 'lots' }).target_amount).toBe('');
  });

  it('is_featured only for true itself', () => {
    expect(campaignFormValues({ is_featured: false }).is_featured).toBe(false);
  });

  it('round trip: the values of a campaign built from a valid form are valid', () => {
    const fields = campaignFormFields(VALID);
    const back = campaignFormValues({ ...fields, is_featured: fields.is_featured === 'true', target_amount: fields.target_amount });
    expect(back).toEqual(VALID);
    expect(validateCampaignForm(back)).toEqual({});
  });
});

describe('campaignFormFields (the multipart text fields)', () => {
  it('sends every field as text, trimmed, featured as "true"/"false", target as a plain number', () => {
    expect(
      campaignFormFields({ ...VALID, title: '  Library Corners ', description: ' Books \n', target_amount: ' 150000.0 ', is_featured: false, offline_amount: '' }),
    ).toEqual({
      title: 'Library Corners',
      description: 'Books',
      status: 'active',
      is_featured: 'false',
      category: 'education',
      target_amount: '150000',
      offline_amount: '0',
      offline_donation_count: '0',
      start_date: '2026-11-01',
      end_date: '2027-03-31',
    });
    expect(campaignFormFields(VALID).is_featured).toBe('true');
  });

  it('sends empty dates as "" (clearing them) and an empty category as "general"', () => {
    const fields = campaignFormFields({ ...VALID, category: ' ', start_date: '', end_date: '' });
    expect(fields).toMatchObject({ category: 'general', start_date: '', end_date: '' });
  });

  it('has exactly the field names the API reads', () => {
    expect(Object.keys(campaignFormFields(VALID)).sort()).toEqual(
      ['category', 'description', 'end_date', 'is_featured', 'offline_amount', 'offline_donation_count', 'start_date', 'status', 'target_amount', 'title'].sort(),
    );
  });
});
