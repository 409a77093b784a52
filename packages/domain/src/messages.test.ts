import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CAMPAIGN_MESSAGES,
  CONFIRM_MESSAGES,
  CONTACT_TOASTS,
  DONATION_MESSAGES,
  EVENT_MESSAGES,
  HTTP_MESSAGES,
  donationSaveFailedMessage,
  paymentStatusMessage,
  serverErrorMessage,
} from './messages';

describe('spec §8 messages, word for word', () => {
  it('global response handling', () => {
    expect(HTTP_MESSAGES).toEqual({
      default: 'Something went wrong. Please try again.',
      notFound: 'Resource not found',
      internalServerError: 'Internal server error. Please try again later.',
      timeout: 'Request timed out. Please try again.',
      network: 'Network error. Please check your internet connection.',
      invalidRequest: 'Invalid request',
      unexpected: 'An unexpected error occurred.',
    });
    expect(serverErrorMessage(502)).toBe('Server error (502)');
  });

  it('auth', () => {
    expect(AUTH_MESSAGES.invalidCredentials).toBe('Invalid credentials');
    expect(AUTH_MESSAGES.accessDenied).toBe('Access denied');
    expect(AUTH_MESSAGES.userNotFound).toBe('User not found');
    expect(AUTH_MESSAGES.noTokenToRefresh).toBe('No token to refresh');
    expect(AUTH_MESSAGES.passwordChanged).toBe('Password changed successfully');
    expect(AUTH_MESSAGES.profileUpdated).toBe('Profile updated successfully');
    expect(AUTH_MESSAGES.loginSuccess).toBe('Login successful!');
    expect(AUTH_MESSAGES.loginFailed).toBe('Login failed');
    expect(AUTH_MESSAGES.loginError).toBe('An error occurred during login. Please try again.');
    expect(AUTH_MESSAGES.logoutSuccess).toBe('Logged out successfully');
    expect(AUTH_MESSAGES.logoutFailed).toBe('Logout failed');
  });

  it('campaign toasts', () => {
    expect(CAMPAIGN_MESSAGES).toMatchObject({
      notFound: 'Campaign not found',
      created: 'Campaign created successfully',
      updated: 'Campaign updated successfully',
      deleted: 'Campaign deleted successfully',
      createFailed: 'Failed to create campaign',
      updateFailed: 'Failed to update campaign',
      loadFailed: 'Failed to load campaigns',
    });
  });

  it('admin event toasts', () => {
    expect(EVENT_MESSAGES).toMatchObject({
      notFound: 'Event not found',
      imagesUploaded: 'Images uploaded successfully',
      imageDeleted: 'Image deleted successfully',
      created: 'Event created successfully',
      updated: 'Event updated successfully',
      deleted: 'Event deleted successfully',
      fetchFailed: 'Failed to fetch events',
      uploadFailed: 'Failed to upload images',
      deleteImageFailed: 'Failed to delete image',
      createFailed: 'Failed to create event',
      updateFailed: 'Failed to update event',
      deleteFailed: 'Failed to delete event',
    });
  });

  it('contact toasts', () => {
    expect(CONTACT_TOASTS).toEqual({
      success: "Thank you for your message! We'll get back to you soon.",
      failure: 'Failed to send message. Please try again.',
    });
  });

  it('donation messages', () => {
    expect(DONATION_MESSAGES).toEqual({
      stepInvalid: 'Please fill all required fields correctly',
      paymentIncomplete: 'Please complete all required fields',
      createPaymentFailed: 'Failed to create payment',
      paymentFailed: 'Payment failed. Please try again.',
      paymentFailedBanner: 'Payment Failed - Your donation was not saved. Please try again.',
      paymentFailedToast: 'Payment failed. Your donation was not saved. Please try again.',
      paymentSuccessToast: 'Payment completed and donation saved successfully!',
      paymentSuccessThankYou: 'Thank you! Your donation has been completed and saved successfully.',
      formValidated: 'Form validated! Now complete payment to save your donation.',
      preparationError: 'Please check all fields and try again.',
    });
    expect(donationSaveFailedMessage('pi_123')).toBe('Payment completed but donation save failed. Please contact support with Payment ID: pi_123');
    expect(paymentStatusMessage('requires_action')).toBe('Payment status: requires_action');
  });

  it('confirmations', () => {
    expect(CONFIRM_MESSAGES).toEqual({
      deleteImage: 'Are you sure you want to delete this image?',
      deleteEvent: 'Are you sure you want to delete this event? This will also delete all associated images.',
      deleteCampaign: 'Are you sure you want to delete this campaign?',
    });
  });
});
