import { eventImageKey, eventImageSources, eventPhotoAlt, type EventRecord } from '@charity/domain';
import type { GalleryImage } from '@charity/ui';

/** An event's photos as the gallery shows them: responsive sources and alt text naming the event. */
export function galleryImages(event: EventRecord, baseUrl = ''): GalleryImage[] {
  const total = event.images.length;
  return event.images.flatMap((image, index) => {
    const sources = eventImageSources(image, baseUrl);
    if (!sources) return [];
    return [{ key: eventImageKey(image, index), ...sources, alt: eventPhotoAlt(event.title, index + 1, total) }];
  });
}
