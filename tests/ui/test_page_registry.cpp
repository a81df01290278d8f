// Every kind of scene has a page: the page registry
// (ui/pages/PageRegistry.cpp) is walked against the one table of kinds
// (core/sim/SceneKinds.h), so a kind added to the core without a page, or a
// kind claimed by two pages, fails here.
#include <map>

#include <gtest/gtest.h>

#include "pages/PageRegistry.h"
#include "sim/SceneKinds.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

TEST(PageRegistry, EveryKindOfTheRegistryHasOnePage) {
    std::map<SceneKind, int> pagesPerKind;
    for (const PageType& type : getPageTypes()) {
        EXPECT_FALSE(type.id.isEmpty());
        EXPECT_TRUE(static_cast<bool>(type.make)) << type.id.toStdString();
        for (SceneKind kind : type.kinds) ++pagesPerKind[kind];
    }
    for (const SceneKindInfo& info : getSceneKinds()) {
        const PageType* type = findPageType(info.kind);
        ASSERT_NE(type, nullptr) << "no page shows kind " << toString(info.kind);
        EXPECT_EQ(pagesPerKind[info.kind], 1) << toString(info.kind) << " has " << pagesPerKind[info.kind] << " pages";
    }
    EXPECT_EQ(pagesPerKind.size(), getSceneKinds().size()) << "a page claims a kind the registry does not know";
}

}}  // namespace
}  // namespace impactlab::ui
