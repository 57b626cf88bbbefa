import { Controller, Get, Header, Inject } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig, publicOrigin } from '../config';
import { robotsTxt, sitemapXml } from './crawler-files';
import { ApiDoc } from '../openapi/api-doc';

/** robots.txt and sitemap.xml at the site's root, with absolute URLs on the public origin. */
@Controller()
export class CrawlersController {
  private readonly origin: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.origin = publicOrigin(config);
  }

  @Get('robots.txt')
  @ApiDoc({ summary: 'robots.txt', ok: null, produces: 'text/plain', errors: [] })
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return robotsTxt(this.origin);
  }

  @Get('sitemap.xml')
  @ApiDoc({ summary: 'sitemap.xml', ok: null, produces: 'application/xml', errors: [] })
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  sitemap(): string {
    return sitemapXml(this.origin);
  }
}
