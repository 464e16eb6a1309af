import { observer } from 'mobx-react-lite';
import { useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Banner } from '../../../contract/api';
import type { Resource } from '../../lib/resource';
import './banner-carousel.css';

/**
 * A scroll-snap carousel: the browser does the swiping, so it costs no script, works in
 * every web view and never shifts the layout (the frame keeps its ratio while loading).
 */
export const BannerCarousel = observer(function BannerCarousel({ banners }: { banners: Resource<Banner[]> }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const items = banners.data;

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const el = event.currentTarget;
    setCurrent(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
  };
  const goTo = (index: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <section className="banners" aria-roledescription="carousel" aria-label={t('home.bannersLabel')}>
      <ul className="banners-track" ref={track} onScroll={onScroll}>
        {items.length === 0 && <li className="banner banner-empty" aria-hidden="true" />}
        {items.map((banner, index) => (
          <li
            key={banner.id}
            className="banner"
            aria-roledescription="slide"
            aria-label={t('home.bannerOf', { index: index + 1, total: items.length })}
          >
            <Link to={banner.link || '/'} className="banner-link">
              <img
                src={`${import.meta.env.BASE_URL}${banner.image}`}
                alt=""
                width={750}
                height={320}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <span className="banner-text">
                <strong>{banner.title}</strong>
                <span>{banner.subtitle}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <div className="banner-dots">
          {items.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className="banner-dot"
              aria-label={t('home.bannerOf', { index: index + 1, total: items.length })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
});
