import type { LoginThrottle } from './auth/login-throttle.js';
import type { OidcRelyingParty } from './auth/oidc-client.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import type { PublicPortfolioCache } from './http/public-portfolio-cache.js';
import type { PolicySchemas } from './json-schema/policy-schemas.js';
import type { FieldValueCache } from './read-models/field-values.js';
import type { ReviewIndex } from './read-models/review-index.js';
import type { ChangeRequestList } from './read-models/change-request-list.js';
import type { ResourcePackageReviewList } from './read-models/resource-package-review-list.js';
import type { ServiceListIndex } from './read-models/service-list-index.js';
import type { Writes } from './writes/pipeline.js';

/**
 * What route plugins get handed: no globals, so tests build as many apps as they like. (Named so
 * that it is not mistaken for the `services` table.)
 */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  oidc: OidcRelyingParty;
  /** The serialized public portfolio; a committed service change invalidates it. */
  publicPortfolio: PublicPortfolioCache;
  /** The services' list columns in memory, for every list; a committed service change tells it what changed. */
  serviceIndex: ServiceListIndex;
  /** One field's values across the services (the Service Field List), checked against the list snapshot. */
  fieldValues: FieldValueCache;
  /** Every service's review in memory, for the review lists; a committed review change tells it. */
  reviewIndex: ReviewIndex;
  /** The Change Request List's rows in memory; committed change request and service changes mark it stale. */
  changeRequestList: ChangeRequestList;
 
 
/
*
*
 
T
h
e
 
R
e
s
o
u
r
c
e
 
P
a
c
k
a
g
e
 
R
e
v
i
e
w
 
L
i
s
t
'
s
 
r
o
w
s
 
i
n
 
m
e
m
o
r
y
;
 
c
o
m
m
i
t
t
e
d
 
p
a
c
k
a
g
e
,
 
t
y
p
e
 
a
n
d
 
s
e
r
v
i
c
e
 
c
h
a
n
g
e
s
 
m
a
r
k
 
i
t
 
s
t
a
l
e
.
 
*
/


 
 
r
e
s
o
u
r
c
e
P
a
c
k
a
g
e
R
e
v
i
e
w
L
i
s
t
:
 
R
e
s
o
u
r
c
e
P
a
c
k
a
g
e
R
e
v
i
e
w
L
i
s
t
;


 
 
/
*
*


 
 
 
*
 
T
h
e
 
r
e
s
o
u
r
c
e
 
t
y
p
e
s
'
 
c
o
m
p
i
l
e
d
 
J
S
O
N
 
S
c
h
e
m
a
s
,
 
o
n
e
 
p
e
r
 
t
y
p
e
 
v
e
r
s
i
o
n
:
 
e
v
e
r
y
 
p
o
l
i
c
y
 
i
s
 
v
a
l
i
d
a
t
e
d
 
w
i
t
h


 
 
 
*
 
t
h
i
s
 
o
n
e
 
i
n
s
t
a
n
c
e
,
 
s
o
 
a
 
s
c
h
e
m
a
 
i
s
 
c
o
m
p
i
l
e
d
 
o
n
c
e
,
 
n
o
t
 
p
e
r
 
r
e
q
u
e
s
t
 
(
d
o
c
s
/
a
d
r
/
0
0
3
1
-
r
e
s
o
u
r
c
e
-
p
a
c
k
a
g
e
s
.
m
d
)
.


 
 
 
*
/


  policySchemas: PolicySchemas;
  /** What commands write with: the database and the after-commit runner that clears the caches above. */
  writes: Writes;
}
