#pragma once
// Where the bodies of a planar system can touch, and how far apart they are:
// the gap functions an event-driven simulation watches for sign changes.
//
// Features: a rod is a segment (its two ends and its side), a disc a circle.
//   rod end  / wall  gap = n . (P - wall point)          (sec. 3.2.2: y -/+ (L/2) sin theta)
//   disc     / wall  gap = n . (c - wall point) - r      (sec. 4, radius-aware walls)
//   disc     / disc  gap = |c1 - c2| - r1 - r2
//   disc     / rod   gap = distance(c, segment) - r      (also covers the rod's ends)
//   rod end  / rod   signed distance of the end from the other rod's line, on
//                    the side it starts from; it counts only while the end
//                    projects onto the other rod (two-sided: a segment has no
//                    inside, so crossing its line within its length is contact)
// Body 1 of each contact is the first feature's body; the normal points from
// body 2 (the wall, or the second body) into body 1. The pinned end of a
// pinned rod never counts (it cannot leave its pivot).
#include <string>
#include <vector>

#include "mechanics/planar/PlanarContact.h"

namespace impactlab {

struct PlanarContactCandidate {
    enum class Kind { RodEndOnWall, DiscOnWall, DiscOnDisc, DiscOnRod, RodEndOnRod };
    Kind kind = Kind::RodEndOnWall;
    int body1 = 0;
    int end1 = -1;    // rod end of body 1: 0 left (-L/2), 1 right (+L/2)
    int body2 = -1;   // -1: a wall
    int wall = -1;
    std::string name;  // "bar left end / ground"

    bool isTwoSided() const { return kind == Kind::RodEndOnRod; }
};

struct PlanarGap {
    double gap = 0.0;        // m; > 0 apart
    bool inRange = true;     // two-sided: the end projects onto the other rod
    double side = 1.0;       // two-sided: the side of the other rod's line it is measured from
    PlanarContact contact;   // point and normal at this configuration
};

std::vector<PlanarContactCandidate> listContactCandidates(const PlanarSystem& system);

// The gap of `candidate` in `state`. For two-sided candidates `side` (+1 or -1)
// fixes the side of the line the distance is measured from; 0 takes the side
// the end is on now.
PlanarGap calcGap(const PlanarSystem& system, const PlanarState& state,
                  const PlanarContactCandidate& candidate, double side = 0.0);

}  // namespace impactlab
