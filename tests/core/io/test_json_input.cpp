// The shared optional-member readers of io/JsonInput.h: a vector member
// bounded component by component, as the scene readers use it for colours
// (in [0, 1]) and for velocities and angles (within +-bound).
#include <gtest/gtest.h>

#include "io/JsonInput.h"
#include "support/RefusalSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

TEST(JsonInput, BoundedVec3IsReadOrFallsBack) {
    const json body = {{"color", {0.0, 0.5, 1.0}}};
    EXPECT_EQ(readOptionalVec3InRange(body, "color", "bodies[0]", Vec3::Zero(), 0.0, 1.0), Vec3(0.0, 0.5, 1.0))
        << "the bounds themselves are inside";
    const Vec3 fallback(0.1, 0.2, 0.3);
    EXPECT_EQ(readOptionalVec3InRange(json::object(), "color", "bodies[0]", fallback, 0.0, 1.0), fallback);
}

TEST(JsonInput, BoundedVec3NamesTheFieldAndItsBounds) {
    const json colour = {{"color", {0.2, 1.5, 0.0}}};
    EXPECT_EQ(test::getRefusalOf([&] { readOptionalVec3InRange(colour, "color", "vehicles[1]", Vec3::Zero(), 0.0, 1.0); }),
              "vehicles[1].color: components must be in [0, 1]");
    const json velocity = {{"velocity", {0.0, -2000.0, 0.0}}};
    EXPECT_EQ(test::getRefusalOf([&] {
                  readOptionalVec3InRange(velocity, "velocity", "example", Vec3::Zero(), -1000.0, 1000.0);
              }),
              "example.velocity: components must be within +-1000");
    const json shape = {{"color", {0.2, 0.3}}};
    EXPECT_EQ(test::getRefusalOf([&] { readOptionalVec3InRange(shape, "color", "bodies[0]", Vec3::Zero(), 0.0, 1.0); }),
              "bodies[0].color: must be an array of 3 numbers, got an array of 2");
}

}}  // namespace
