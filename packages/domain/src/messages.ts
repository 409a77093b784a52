/** Error catalogue, toasts and confirmations (spec §8), word for word. */

/** Global response handling. */
export const HTTP_MESSAGES = {
  default: 'Something went wrong. Please try again.',
  notFound: 'Resource not found',
  internalServerError: 'Internal server error. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  network: 'Network error. Please check your internet connection.',
  invalidRequest: 'Invalid request',
  unexpected: 'An unexpected error occurred.',
} as const;

/** 'Server error (500)'. */
export function serverErrorMessage(status: number): string {
  return `Server error (${status})`;
}

export const AUTH_MESSAGES = {
  invalidRequest: 'Invalid request',
  invalidCredentials: 'Invalid credentials',
  accessDenied: 'Access denied',
  userNotFound: 'User not found',
  internalServerError: 'Internal server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  unexpected: 'An unexpected error occurred.',
  noTokenToRefresh: 'No token to refresh',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  loginError: 'An error occurred during login. Please try again.',
  logoutSuccess: 'Logged out successfully',
  logoutFailed: 'Logout failed',
} as const;

export const CAMPAIGN_MESSAGES = {
  invalidRequest: 'Invalid request',
  notFound: 'Campaign not found',
  internalServerError: 'Internal server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  unexpected: 'An unexpected error occurred.',
  created: 'Campaign created successfully',
  updated: 'Campaign updated successfully',
  deleted: 'Campaign deleted successfully',
  createFailed: 'Failed to create campaign',
  updateFailed: 'Failed to update campaign',
  loadFailed: 'Failed to load campaigns',
} as const;

export const EVENT_MESSAGES = {
  invalidRequest: 'Invalid request',
  notFound: 'Event not found',
  internalServerError: 'Internal server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  unexpected: 'An unexpected error occurred.',
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
} as const;

export const CONTACT_TOASTS = {
  success: "Thank you for your message! We'll get back to you soon.",
  failure: 'Failed to send message. Please try again.',
} as const;

export const DONATION_MESSAGES = {
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
} as const;

/** 'Payment completed but donation save failed. Please contact support with Payment ID: {id}'. */
export function donationSaveFailedMessage(paymentId: string): string {
  return `Payment completed but donation save failed. Please contact support with Payment ID: ${paymentId}`;
}

/** 'Payment status: {status}' — raised for any payment status other than succeeded. */
export function paymentStatusMessage(status: string): string {
  return `Payment status: ${status}`;
}

export const CONFIRM_MESSAGES = {
  deleteImage: 'Are you sure you want to delete this image?',
  deleteEvent: 'Are you sure you want to delete this event? This will also delete all associated images.',
  deleteCampaign: 'Are you sure you want to delete this campaign?',
} as const;
