// Where the invariant rays' polar angles are written (diagram/RayLabels.h):
// on Jia & Wang's Fig. 4, whose four friction coefficients give rays a few
// degrees apart (210.2 and 213.5 deg, 44.9 and 42.9 deg), no two label boxes
// overlap, and a lone ray's label keeps its first place by the box edge.
#include <gtest/gtest.h>

#include <cmath>

#include "diagram/Hodograph.h"
#include "diagram/RayLabels.h"
#include "impact/JiaWang.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Places computed from the same numbers: round-off of O(1) sums only.
constexpr double kExactTol = 1e-12;

Mat3 paperW() {   // Jia & Wang eq. 13, symmetrised as ImpactProblem stores it
    Mat3 W;
    W << 11.5984, -0.910367, 2.442355, -0.910367, 9.90134, 1.957465, 2.442355, 1.957465, 2.59042;
    return W;
}

// Fig. 4: the icosahedron's impact at panel (a)'s velocity for the four
// friction coefficients the figure overlays; e as in the scene.
std::vector<HodographDiagram> makeFig4Diagrams() {
    std::vector<HodographDiagram> diagrams;
    for (double mu : {0.8, 0.4, 0.25, 3.0}) {
        const ImpactProblem p = ImpactProblem::makeContactLevel(paperW(), Vec3(-0.2619763, 0.3863287, -0.0768555), mu, 0.95);
        ImpactTrace trace;
        const ImpactResult r = solveJiaWang(p, {}, &trace);
        diagrams.push_back(makeHodographDiagram(p, r, trace));
    }
    return diagrams;
}

TEST(RayLabels, Fig4LabelBoxesDoNotOverlap) {
    const std::vector<HodographDiagram> diagrams = makeFig4Diagrams();
    Vec2 lo = diagrams.front().min, hi = diagrams.front().max;
    for (const HodographDiagram& d : diagrams) {
        lo = lo.cwiseMin(d.min);
        hi = hi.cwiseMax(d.max);
    }
    // Each overlay value's rays placed after the ones before, as the view does.
    std::vector<RayLabel> labels;
    for (const HodographDiagram& d : diagrams) {
        const std::vector<RayLabel> placed = placeRayLabels(d.rays, lo, hi, labels);
        ASSERT_EQ(placed.size(), d.rays.size());
        labels.insert(labels.end(), placed.begin(), placed.end());
    }
    ASSERT_GE(labels.size(), 6u) << "Fig. 4 draws the rays of four friction coefficients";
    for (std::size_t i = 0; i < labels.size(); ++i) {
        EXPECT_TRUE(labels[i].clear) << labels[i].text;
        EXPECT_TRUE(labels[i].anchor.allFinite()) << labels[i].text;
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            EXPECT_FALSE(doRayLabelsOverlap(labels[i], labels[j])) << labels[i].text << " and " << labels[j].text;
    }
}

TEST(RayLabels, LoneRayLabelSitsNearTheBoxEdgeBesideItsRay) {
    InvariantRay ray;
    ray.direction = Vec2::UnitX();
    ray.angleDeg = 0.0;
    const RayLabelOptions options;
    const std::vector<RayLabel> labels = placeRayLabels({ray}, Vec2(-1.0, -1.0), Vec2(1.0, 1.0), {}, options);
    ASSERT_EQ(labels.size(), 1u);
    EXPECT_TRUE(labels[0].clear);
    EXPECT_NEAR(labels[0].anchor.x(), options.alongShare, kExactTol);
    EXPECT_NEAR(labels[0].anchor.y(), options.offsetShare * 2.0, kExactTol);
    EXPECT_EQ(labels[0].text, "0.0\xC2\xB0");
}

}}  // namespace
